import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { mockApi, ok, refusal } from '../../../test/api';
import { newMerInfo } from '../../../test/factories';
import { expectToast, logOut, renderApp } from '../../../test/render';

describe('login', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the account and password before calling the server', async () => {
    const { calls } = mockApi({});
    await renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    // The contract's rules, in the server's words.
    await waitFor(() =>
      expect(screen.getByLabelText('Phone or email')).toHaveAccessibleDescription(
        'Please enter phone number or email',
      ),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required');
    expect(calls).toHaveLength(0);
  });

  it('shows the captcha when the server asks for it, and sends it', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'POST /merchant/merchant/login': () => {
        attempt += 1;
        return attempt === 1
          ? refusal('CAPTCHA_REQUIRED', 'Please type the verification code', { captcha_required: true })
          : ok({ merinfo: { ...newMerInfo(), token: 'tok-1' } }, 'Welcome back');
      },
      'GET /merchant/common/captcha': () =>
        ok({ captcha_id: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    });
    const { router } = await renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Phone or email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const captcha = await screen.findByLabelText('Verification code');
    expect(screen.getByRole('img', { name: 'Verification picture' })).toBeInTheDocument();
    await userEvent.type(captcha, 'x7k2');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    expect(calls.filter((c) => c.path === '/merchant/merchant/login').at(-1)?.body).toEqual({
      account: 'a@b.co',
      password: 'secret-pass',
      captcha_id: 'cap-1',
      captcha: 'x7k2',
    });
    expect(useSession.getState().token).toBe('tok-1');
    await expectToast('Welcome back');
  });

  it('shows the server message on wrong credentials in the form, not in a toast over it, and stays', async () => {
    mockApi({
      'POST /merchant/merchant/login': () =>
        refusal('INVALID_CREDENTIALS', 'Wrong account or password', { captcha_required: false }),
    });
    const { router } = await renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Phone or email'), '+84900000001');
    await userEvent.type(screen.getByLabelText('Password'), 'nope-nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password');
    expect(screen.getAllByText('Wrong account or password')).toHaveLength(1); // no toast too
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });
});
