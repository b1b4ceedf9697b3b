import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';

const row = (id: number, username: string, role: string) => ({
  id,
  username,
  role,
  disabled: false,
  totp_enrolled: true,
  created_at: new Date().toISOString(),
  last_login_at: null,
});

describe('operators (admins)', () => {
  it('shows oneself without actions, and refuses a taken username at its field', async () => {
    const user = userEvent.setup();
    signInAs('admin', { id: 7, username: 'admin-op' });
    const { calls } = mockApi({
      ...meRoute('admin'),
      'GET /admin/operators': () => ok(page([row(7, 'admin-op', 'admin'), row(8, 'rita', 'reviewer')])),
      'POST /admin/operators/create': () =>
        refusal('USERNAME_TAKEN', 'This username is already taken', {
          fields: { username: 'This username is already taken' },
        }),
    });
    await renderConsole('/operators');
    await shows('rita');
    const me = screen.getAllByRole('row').find((r) => r.textContent?.includes('admin-op'))!;
    expect(within(me).getByText('You (ask another admin)')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    const rita = screen.getAllByRole('row').find((r) => r.textContent?.includes('rita'))!;
    expect(within(rita).getByRole('button', { name: 'Reset second factor' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'rita');
    await user.type(within(dialog).getByLabelText('Password'), 'Rita@Pass2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByText('Reviewer', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(within(dialog).getByText('This username is already taken')).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.path === '/admin/operators/create')?.body).toEqual({
      username: 'rita',
      password: 'Rita@Pass2026',
      role: 'reviewer',
    });
  });
});
