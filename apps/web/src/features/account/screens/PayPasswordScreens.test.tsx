import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** Types digits into the payment password field `testId` (its label names it for everyone else). */
async function typeDigits(testId: string, digits: string) {
  await user.type(await screen.findByTestId(testId), digits);
}

describe('payment password', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it("set: 6 digits twice, 'Passwords entered do not match' when they differ", async () => {
    const merinfo = logIn({ pay_password_set: false });
    const { calls } = mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok(merinfo),
      'POST /merchant/merchant/setPaypwd': () => ok(null, 'Payment password set'),
    });
    const { router } = await renderApp('/setPaypwd');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New payment password')).toHaveAccessibleDescription(
        'Please enter the payment password',
      ),
    );

    await typeDigits('pay-new', '123456');
    await typeDigits('pay-confirm', '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('pay-confirm')).toHaveAccessibleDescription(
        'The payment password is 6 digits',
      ),
    );

    await typeDigits('pay-confirm', '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('pay-confirm')).toHaveAccessibleDescription('Passwords entered do not match'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByTestId('pay-confirm'), '{Backspace}6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'));
    expect(calls.find((c) => c.path === '/merchant/merchant/setPaypwd')?.body).toEqual({
      pay_password: '123456',
      pay_password_confirm: '123456',
    });
  });

  it('change: with the old payment password or the login password', async () => {
    const merinfo = logIn({ pay_password_set: true });
    const { calls } = mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok(merinfo),
      'POST /merchant/merchant/resetPay': (c) =>
        (c.body as { password?: string }).password === 'Login@2026'
          ? ok(null, 'Payment password changed')
          : refusal('WRONG_PAY_PASSWORD', 'Wrong payment password', {
              fields: { old_pay_password: 'Wrong payment password' },
              attempts_left: 4,
            }),
    });
    const { router } = await renderApp('/changePayPassword');
    await typeDigits('pay-old', '000000');
    await typeDigits('pay-new', '654321');
    await typeDigits('pay-confirm', '654321');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('pay-old')).toHaveAccessibleDescription('Wrong payment password'),
    );

    await user.click(screen.getByRole('button', { name: 'Login password', pressed: false }));
    await user.type(screen.getByLabelText('Login password'), 'Login@2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'));
    expect(calls.filter((c) => c.path === '/merchant/merchant/resetPay').at(-1)?.body).toEqual({
      pay_password: '654321',
      pay_password_confirm: '654321',
      password: 'Login@2026',
    });
  });
});
