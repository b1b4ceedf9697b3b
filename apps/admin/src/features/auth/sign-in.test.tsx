import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setFlash } from '../../lib/flash';
import { session } from '../../lib/session';
import { renderConsole, shows, USD } from '../../test/render';

const operator = { id: 3, username: 'rita', role: 'reviewer' as const };

describe('sign-in', () => {
  it('enrols: password, then the QR code and the key, then the code opens the overview', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /admin/login': () =>
        ok({
          step: 'enroll',
          ticket: 't-1',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/Dropdesk:rita?secret=JBSWY3DPEHPK3PXP',
        }),
      'POST /admin/login/totp': () => ok({ token: 'tok-1', operator, idle_minutes: 30, currency: USD }),
    });
    const { router } = await renderConsole('/login?redirect=%2Fqueues%2Fkyc');
    await user.type(await screen.findByLabelText('Username'), 'rita');
    await user.type(screen.getByLabelText('Password'), 'Secret@2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const first = screen.getAllByRole('textbox')[0]!;
    await user.click(first);
    await user.keyboard('123456');
    await waitFor(() => expect(session.get().token).toBe('tok-1'));
    expect(calls.find((c) => c.path === '/admin/login/totp')?.body).toEqual({
      ticket: 't-1',
      code: '123456',
    });
    expect(calls[0]?.headers.get('lang')).toBe('en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/queues/kyc'));
  });

  it("shows the server's refusal of a wrong code at the code, and asks nothing without a password", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /admin/login': () => ok({ step: 'totp', ticket: 't-2' }),
      'POST /admin/login/totp': () =>
        refusal('WRONG_TOTP', 'That code is wrong', { fields: { code: 'That code is wrong' } }),
    });
    await renderConsole('/login');
    await user.type(await screen.findByLabelText('Username'), 'rita');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await shows('Required');
    await user.type(screen.getByLabelText('Password'), 'Secret@2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await shows('Code from your authenticator app');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('000000');
    await shows('That code is wrong');
    expect(session.get().token).toBeNull();
  });

  it('says why the session ended when one sent the operator here', async () => {
    mockApi({});
    setFlash('Your session ended. Sign in again.');
    await renderConsole('/login');
    await screen.findByLabelText('Username');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your session ended. Sign in again.'),
    );
  });

  it('sends a signed-out visitor to sign-in, keeping where they were going', async () => {
    mockApi({});
    const { router } = await renderConsole('/orders?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Forders%3Fpage%3D2');
  });
});
