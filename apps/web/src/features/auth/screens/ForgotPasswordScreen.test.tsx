import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logOut, renderApp } from '../../../test/render';

describe('forgot password', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a phone number or an email before sending a code', async () => {
    const { calls } = mockApi({});
    await renderApp('/forgetPwd');
    await userEvent.type(await screen.findByLabelText('Phone or email'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone or email')).toHaveAccessibleDescription(
        'Please enter phone number or email',
      ),
    );
    expect(calls).toHaveLength(0);
  });

  it('shows a refusal that names no field in the form, where the merchant is looking', async () => {
    mockApi({
      // Too many codes asked from here (the route's rate limit): nothing the form's fields can fix.
      'POST /merchant/merchant/send_code': () => ({
        status: 429,
        body: {
          code: 429,
          error: 'RATE_LIMITED',
          msg: 'Please wait 42 seconds before asking for a new code',
        },
      }),
    });
    await renderApp('/forgetPwd');
    await userEvent.type(await screen.findByLabelText('Phone or email'), 'lan@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 42 seconds');
    expect(screen.getAllByText(/Please wait 42 seconds/)).toHaveLength(1); // not a toast too
  });

  it('goes account → code → new password twice, and back to login', async () => {
    const { calls } = mockApi({
      'POST /merchant/merchant/send_code': () => ok({ sent: true }),
      'POST /merchant/merchant/resetpwd': (c) =>
        (c.body as { code: string }).code === '123456'
          ? ok(null, 'Password changed')
          : refusal('CODE_INVALID', 'The code is wrong', {
              fields: { code: 'The code is wrong or expired' },
            }),
    });
    const { router } = await renderApp('/forgetPwd');
    await userEvent.type(await screen.findByLabelText('Phone or email'), 'lan@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code');
    expect(calls[0]?.body).toEqual({ account: 'lan@shop.test' });

    await userEvent.type(code, '000000');
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass@1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'NewPass@2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
        'Passwords entered do not match',
      ),
    );

    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'NewPass@1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is wrong or expired'));

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.at(-1)?.body).toEqual({
      account: 'lan@shop.test',
      code: '123456',
      password: 'NewPass@1',
      password_confirm: 'NewPass@1',
    });
  });
});
