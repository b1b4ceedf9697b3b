import { AUDIT_ACTIONS } from '@dropdesk/contract/admin';
import { LANGUAGES } from '@dropdesk/contract/constants';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initI18n, switchLanguage } from '../../lib/i18n';
import { mockApi, ok } from '../../test/api';
import { page } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';
import { useAuditActionNames } from './components/audit-actions';

const entry = (id: number, action: string) => ({
  id,
  operator: { id: 7, username: 'admin-op' },
  action,
  target_type: 'operator',
  target_id: '7',
  before: null,
  after: null,
  detail: null,
  created_at: new Date().toISOString(),
});

describe('the audit log’s actions in words', () => {
  // AUDIT_ACTIONS is every action the server can write: its audit() takes no other (the type).
  it.each(LANGUAGES)('names every action the server can write, in %s', async (lang) => {
    await initI18n(lang);
    await switchLanguage(lang);
    const { result } = renderHook(() => useAuditActionNames());
    const names = result.current;
    expect(Object.keys(names).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      expect(names[action], action).toMatch(/\S/);
      expect(names[action], action).not.toContain('auditActions.');
      expect(names[action], action).not.toBe(action);
    }
    // Two actions never read the same.
    expect(new Set(Object.values(names)).size).toBe(AUDIT_ACTIONS.length);
  });

  it('shows each entry’s action in words with its key a hover away, and filters by an action in words', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const { calls } = mockApi({
      ...meRoute('admin'),
      'GET /admin/audit': () => ok(page([entry(2, 'operator.enrol_totp'), entry(1, 'some.future_action')])),
    });
    await renderConsole('/audit');
    await shows('Set up an authenticator app and signed in');
    expect(screen.queryByText('operator.enrol_totp')).not.toBeInTheDocument();
    // An action this console does not know yet (a newer server) stays readable as its key.
    expect(screen.getByText('some.future_action')).toBeInTheDocument();

    await user.hover(screen.getByText('Set up an authenticator app and signed in'));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('operator.enrol_totp'));

    const filter = screen.getByRole('combobox', { name: 'Action' });
    await user.click(filter);
    await user.type(filter, 'signed out');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText('Signed in')).not.toBeInTheDocument();
    await user.click(await screen.findByText('Signed out', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/admin/audit' && c.query.get('action') === 'operator.logout'),
      ).toBe(true),
    );
  });
});
