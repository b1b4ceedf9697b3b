import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@dropdesk/contract/admin';
import { LANGUAGES } from '@dropdesk/contract/constants';
import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initI18n, switchLanguage } from '../../lib/i18n';
import { page } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';
import { useAuditActionNames } from './components/audit-actions';
import { useAuditTargetNames } from './components/audit-targets';

const entry = (id: number, action: string, target_type = 'operator', target_id = '7') => ({
  id,
  operator: { id: 7, username: 'admin-op' },
  action,
  target_type,
  target_id,
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

describe('the audit log’s targets in words', () => {
  // AUDIT_TARGETS is every kind of target the server can write: its audit() takes no other (the type).
  it.each(LANGUAGES)('names every kind of target the server can write, in %s', async (lang) => {
    await initI18n(lang);
    await switchLanguage(lang);
    const { result } = renderHook(() => useAuditTargetNames());
    const names = result.current;
    expect(Object.keys(names).sort()).toEqual([...AUDIT_TARGETS].sort());
    for (const type of AUDIT_TARGETS) {
      expect(names[type], type).toMatch(/\S/);
      expect(names[type], type).not.toContain('auditTargets.');
      expect(names[type], type).not.toBe(type);
    }
    // Two kinds never read the same.
    expect(new Set(Object.values(names)).size).toBe(AUDIT_TARGETS.length);
  });

  it('shows each entry’s target in words with its key a hover away, and filters by a kind in words', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const { calls } = mockApi({
      ...meRoute('admin'),
      'GET /admin/audit': () =>
        ok(
          page([
            entry(3, 'adjustment.approve', 'balance_adjustment', '5'),
            entry(2, 'topup_bank_account.set', 'topup_bank_account', '1'),
            entry(1, 'operator.create', 'some_old_kind', '2'),
          ]),
        ),
    });
    await renderConsole('/audit');
    await shows('Balance adjustment #5');
    expect(screen.getByText('Top-up bank account #1')).toBeInTheDocument();
    expect(screen.queryByText(/balance_adjustment|topup_bank_account/)).not.toBeInTheDocument();
    // A kind this console does not know (an old row, a newer server) stays readable as its key.
    expect(screen.getByText('some_old_kind #2')).toBeInTheDocument();

    await user.hover(screen.getByText('Balance adjustment #5'));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('balance_adjustment'));

    // No key to guess: the filter offers the kinds in words, found by the words typed.
    const filter = screen.getByRole('combobox', { name: 'Target type' });
    await user.click(filter);
    await user.type(filter, 'bank account');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText('Operator')).not.toBeInTheDocument();
    await user.click(
      await screen.findByText('Top-up bank account', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/admin/audit' && c.query.get('target_type') === 'topup_bank_account'),
      ).toBe(true),
    );

    // And in the operator's language.
    await act(() => switchLanguage('vi'));
    await shows('Điều chỉnh số dư #5');
    expect(screen.getByText('Tài khoản ngân hàng nhận nạp tiền #1')).toBeInTheDocument();
  });
});
