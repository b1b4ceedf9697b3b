import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFlash } from '../lib/flash';
import { newConfig, orderBadge } from '../test/factories';
import { logIn, logOut, renderApp } from '../test/render';
import { pageLoads } from '../test/setup';

/** Amounts are written with the platform's currency, which the app reads from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

describe('route guard', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it("sends a logged-out visitor to the login page with 'Please log in first'", async () => {
    mockApi({});
    const { router } = await renderApp('/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fsetting');
    // The login page is its own page (src/login), opened with a full load; it shows the message.
    expect(pageLoads).toEqual(['/login?redirect=%2Fsetting']);
    expect(takeFlash()).toEqual({ text: 'Please log in first', kind: 'fail' });
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
    expect(pageLoads).toEqual(['/login']);
    await router.navigate('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the tab bar with the Order badge: the orders awaiting pickup (status 5, page 1, limit 10)', async () => {
    const merinfo = logIn();
    const { calls } = mockApi({
      ...config,
      ...orderBadge(3),
      'GET /merchant/merchant/getMerInfo': () => ok(merinfo),
    });
    await renderApp('/my');
    const nav = await screen.findByRole('navigation', { name: 'Main sections' });
    expect(document.title).toBe('My account · Dropdesk');
    expect(await within(nav).findByRole('link', { name: 'Order (3)' })).toHaveAttribute('href', '/order');
    // Every order call the tab bar makes is the specification's badge query (a slow run may see the
    // query refetched, never another one).
    const badge = calls.filter((c) => c.path === '/merchant/order/list');
    expect(badge.length).toBeGreaterThanOrEqual(1);
    for (const call of badge)
      expect(Object.fromEntries(call.query ?? [])).toEqual({ status: '5', page: '1', limit: '10' });
  });
});
