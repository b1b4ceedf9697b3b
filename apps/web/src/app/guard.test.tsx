import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/api';
import { expectToast, logIn, logOut, renderApp } from '../test/render';

describe('route guard', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it("sends a logged-out visitor to /login with 'Please log in first'", async () => {
    mockApi({});
    const { router } = await renderApp('/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fsetting');
    await expectToast('Please log in first');
    expect(await screen.findByRole('heading', { name: 'Log in to your shop' })).toBeInTheDocument();
  });

  it('lets a logged-in merchant in', async () => {
    const merinfo = logIn();
    mockApi({ 'GET /merchant/merchant/getMerInfo': () => ok(merinfo) });
    const { router } = await renderApp('/setting');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting');
  });

  it('redirects / to /login and shows the 404 screen for unknown paths', async () => {
    mockApi({});
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate('/no-such-page');
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('shows the tab bar with the order badge fetched after login', async () => {
    const merinfo = logIn();
    const { calls } = mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok(merinfo),
      'GET /merchant/order/list': () => ok({ total: 3, page: 1, limit: 10, list: [] }),
    });
    await renderApp('/my');
    expect(await screen.findByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/merchant/order/list')).toBe(true));
    const badge = calls.find((c) => c.path === '/merchant/order/list')!;
    expect(Object.fromEntries(badge.query)).toEqual({ status: '5', page: '1', limit: '10' });
    expect(document.title).toBe('My account · Dropdesk');
  });
});
