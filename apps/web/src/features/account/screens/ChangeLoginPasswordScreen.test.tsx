import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { logIn, logOut, renderApp } from '../../../test/render';

describe('change login password', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('checks length and the repeat, then logs out to log in again', async () => {
    const merinfo = logIn();
    const { calls } = mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok(merinfo),
      'POST /merchant/merchant/resetpwd': () => ok(null, 'Password changed'),
      'POST /merchant/merchant/logout': () => ok(null),
    });
    const { router } = await renderApp('/changeLoginPassword');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Required'),
    );

    await userEvent.type(screen.getByLabelText('Current password'), 'Old@2026x');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'short2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'The password must be 8 to 128 characters',
      ),
    );

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'New@2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
        'Passwords entered do not match',
      ),
    );

    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'New@2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
    expect(calls.find((c) => c.path === '/merchant/merchant/resetpwd')?.body).toEqual({
      old_password: 'Old@2026x',
      password: 'New@2026x',
      password_confirm: 'New@2026x',
    });
  });

  it('refuses a new password equal to the current one, at the field, without asking the server', async () => {
    const merinfo = logIn();
    const { calls } = mockApi({ 'GET /merchant/merchant/getMerInfo': () => ok(merinfo) });
    await renderApp('/changeLoginPassword');
    await userEvent.type(await screen.findByLabelText('Current password'), 'Same@2026x');
    await userEvent.type(screen.getByLabelText('New password'), 'Same@2026x');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'Same@2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'The new password must be different from the current one',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
