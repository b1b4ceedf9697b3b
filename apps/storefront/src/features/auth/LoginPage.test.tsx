import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBuyer } from '../../lib/session';
import { shopData } from '../../test/factories';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { openAt } from '../../test/render';

describe('sign in /s/login', () => {
  it('takes an email, then the emailed code, keeps the session and goes back where the buyer was', async () => {
    const api = fakeApi({
      'POST /store/auth/send_code': () => ok({ sent: true }),
      'POST /store/auth/login': (_c, n) =>
        n === 1
          ? refused('CODE_INVALID', 'The verification code is incorrect or has expired')
          : ok({ token: 'session-token-1', email: 'an@example.com' }),
      'GET /store/shop': () =>
        ok(
          shopData({
            logo_url: null,
            banner_url: null,
            intro: '',
            welcome: '',
            followers: 0,
            rating: null,
            ratings: 0,
          }),
        ),
      'GET /store/products': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/login?next=%2F7');
    await userEvent.type(await screen.findByLabelText('Email'), 'an@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A code was sent to an@example.com.')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification code is incorrect or has expired',
    );
    expect(getBuyer()).toBeNull();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Lotus Goods' })).toBeInTheDocument();
    expect(getBuyer()).toEqual({ token: 'session-token-1', email: 'an@example.com' });
    expect(localStorage.getItem('sf.token')).toBe('session-token-1');
    expect(api.of('POST /store/auth/login')[1]?.body).toEqual({ email: 'an@example.com', code: '123456' });
    // Signed in: the header offers to sign out, and the shop is read with the session.
    await waitFor(() => expect(api.of('GET /store/shop')[0]?.headers.get('token')).toBe('session-token-1'));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
