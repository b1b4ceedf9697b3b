import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBuyer } from '../lib/session';
import { fakeApi, ok } from '../test/fake-api';
import { openAt, shopData, signIn } from '../test/render';

const expired = () => ({ status: 401, body: { code: 401, error: 'UNAUTHORIZED', msg: 'Please log in.' } });

describe('a session the server ended', () => {
  it('the shop page goes on as a guest and asks the buyer to sign in again, back to this page', async () => {
    signIn();
    const api = fakeApi({
      'GET /store/shop': (c) => (c.headers.get('token') ? expired() : ok(shopData())),
      'GET /store/products': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/7');
    // The page is the guest's: the shop, and "sign in to follow" instead of Follow.
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotus Goods' })).toBeInTheDocument();
    expect(getBuyer()).toBeNull();
    // Asked once with the dead token, then only as a guest.
    const [first, ...then] = api.of('GET /store/shop').map((c) => c.headers.get('token'));
    expect(first).toBe('buyer-token-123');
    expect(then.length).toBeGreaterThan(0);
    expect(then.every((token) => token === null)).toBe(true);
    const notice = await screen.findByTestId('session-ended');
    expect(notice).toHaveTextContent('Your sign-in has ended.');
    expect(within(notice).getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      '/s/login?next=%2F7',
    );
    // The header offers sign-in too, not sign-out.
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Continue as a guest' }));
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('my orders say to sign in again; signing in again clears the notice', async () => {
    signIn();
    fakeApi({
      'GET /store/orders': expired,
      'POST /store/auth/send_code': () => ok({ sent: true }),
      'POST /store/auth/login': () => ok({ token: 'fresh-token', email: 'buyer@example.com' }),
    });
    openAt('/s/orders');
    const notice = await screen.findByTestId('session-ended');
    await userEvent.click(within(notice).getByRole('link', { name: 'Sign in again' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // On the sign-in page itself the notice steps aside.
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?next=%2Forders'));
  });

  it('a buyer who was never signed in sees no notice', async () => {
    fakeApi({
      'GET /store/shop': () => ok(shopData()),
      'GET /store/products': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/7');
    await screen.findByRole('heading', { level: 1, name: 'Lotus Goods' });
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });
});
