import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { type Call, mockApi, ok } from '../../../test/api';
import { newConfig, orderBadge } from '../../../test/factories';
import { logIn, logOut, renderApp } from '../../../test/render';
import type { Dashboard } from '../api/get-dashboard';
import { newAnnouncement, newDashboard, newEchart } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const config = { 'GET /merchant/common/config': () => ok(newConfig()) };
const INDEX = 'GET /merchant/index/index';
const ECHART = 'GET /merchant/index/echart';
const AFFICHE = 'GET /merchant/merchant/affiche';
const MERINFO = 'GET /merchant/merchant/getMerInfo';
const of = (calls: Call[], path: string) => calls.filter((c) => c.path === path);

/** Everything Home asks for, each overridable. */
function homeApi(over: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...config,
    ...orderBadge(0),
    [INDEX]: () => ok(newDashboard()),
    [ECHART]: (c) => ok(newEchart((c.query.get('range') ?? 'seven') as 'seven')),
    [AFFICHE]: () => ok({ list: [] }),
    // The shop's status as the server has it: the logged-in merchant's, unless a test says otherwise.
    [MERINFO]: () => ok(useSession.getState().merinfo),
    ...over,
  });
}

/** happy-dom has no 2D canvas: a context that accepts every drawing call lets uPlot draw. */
function fakeCanvas() {
  const noop = () => undefined;
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 8 }) : noop),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  class FakePath2D {
    moveTo() {}
    lineTo() {}
    rect() {}
    arc() {}
    closePath() {}
    bezierCurveTo() {}
    addPath() {}
  }
  if (typeof Path2D === 'undefined') vi.stubGlobal('Path2D', FakePath2D);
}

describe('Home', () => {
  beforeEach(() => {
    logOut();
    fakeCanvas();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every figure of the dashboard, money with the currency, under the Home tab', async () => {
    logIn();
    homeApi();
    await renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const sales = await screen.findByTestId('figure-total-sales');
    await waitFor(() => expect(sales).toHaveTextContent('Total sales$1,380.00'));
    expect(sales).toHaveTextContent('12 orders sold');
    expect(screen.getByTestId('figure-total-profit')).toHaveTextContent('Total profit$180.00');
    expect(screen.getByTestId('home-today-date')).toHaveTextContent('Sun, Nov 22, 2026');
    expect(screen.getByTestId('figure-today-orders')).toHaveTextContent('Sold orders2');
    expect(screen.getByTestId('figure-today-sales')).toHaveTextContent('Sales$230.00');
    expect(screen.getByTestId('figure-today-profit')).toHaveTextContent('Estimated profit$30.00');
    expect(screen.getByTestId('figure-followers')).toHaveTextContent('Followers35');
    expect(screen.getByTestId('figure-rating')).toHaveTextContent('Rating4.6 / 55 ratings');
    expect(screen.getByTestId('figure-credit')).toHaveTextContent('Credit score91');
    expect(screen.getByTestId('figure-visitors-today')).toHaveTextContent('Today8');
    expect(screen.getByTestId('figure-visitors-seven')).toHaveTextContent('7 days64');
    expect(screen.getByTestId('figure-visitors-thirty')).toHaveTextContent('30 days250');
    // The Home tab is in the bar, and marked as the current one.
    const tabs = screen.getByRole('navigation', { name: 'Main sections' });
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('each figure opens what it is made of', async () => {
    logIn();
    homeApi();
    await renderApp('/home');
    await screen.findByTestId('figure-total-sales');
    const href = (id: string) => screen.getByTestId(id).getAttribute('href');
    expect(href('figure-total-sales')).toBe('/order?sold=1');
    expect(href('figure-total-profit')).toBe('/order?sold=1');
    // Today is the merchant's day, as the dashboard says it (not the device's).
    expect(href('figure-today-orders')).toBe('/order?sold=1&paid_day=2026-11-22');
    expect(href('figure-today-sales')).toBe('/order?sold=1&paid_day=2026-11-22');
    expect(href('figure-today-profit')).toBe('/order?sold=1&paid_day=2026-11-22');
    expect(href('figure-visitors-today')).toBe('/visitors?days=7');
    expect(href('figure-visitors-seven')).toBe('/visitors?days=7');
    expect(href('figure-visitors-thirty')).toBe('/visitors?days=30');
    expect(href('figure-rating')).toBe('/ratings');

    // The credit score: a sheet with 100 − the penalties, from the dashboard's own inputs.
    await user.click(screen.getByTestId('figure-credit'));
    const credit = within(await screen.findByRole('dialog', { name: 'Credit score: 91' }));
    expect(credit.getByText(/starts at 100 and loses points .* over the last 90 days/)).toBeInTheDocument();
    const rows = within(credit.getByTestId('credit-sums')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Starting score100');
    expect(rows[1]).toHaveTextContent(
      'Orders picked up late (more than 48 hours after payment)2 × 2 points-4',
    );
    expect(rows[2]).toHaveTextContent('on appeal1 × 5 points-5');
    expect(rows[3]).toHaveTextContent('Your score91');
    await user.click(credit.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit score: 91' })).toBeNull());
    // Focus is back on the figure that opened it.
    expect(screen.getByTestId('figure-credit')).toHaveFocus();

    // Followers: what they are.
    await user.click(screen.getByTestId('figure-followers'));
    const followers = within(await screen.findByRole('dialog', { name: 'Followers' }));
    expect(followers.getByText('35 buyers follow your shop now.')).toBeInTheDocument();
    expect(followers.getByText(/follow your shop from its page in the storefront/)).toBeInTheDocument();
  });

  it("today's sales open the order list of the orders sold that day", async () => {
    logIn();
    const { calls } = homeApi({
      'GET /merchant/order/list': (c) =>
        ok({ total: 0, page: 1, limit: Number(c.query.get('limit')), list: [] }),
      'POST /merchant/order/orderCount': () => ok({ all: 0, statuses: [] }),
    });
    const { router } = await renderApp('/home');
    await user.click(await screen.findByTestId('figure-today-sales'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
    expect(router.state.location.search).toBe('?sold=1&paid_day=2026-11-22');
    expect(await screen.findByTestId('filter-sold')).toHaveTextContent('Sold orders');
    expect(screen.getByTestId('filter-paid_day')).toHaveTextContent('Paid on Nov 22, 2026');
    await waitFor(() =>
      expect(
        of(calls, '/merchant/order/list').some(
          (c) => c.query.get('sold') === '1' && c.query.get('paid_day') === '2026-11-22',
        ),
      ).toBe(true),
    );
  });

  it('the curve: 7 days first, a legend with values, a table for screen readers; the range switch asks for its range', async () => {
    logIn();
    const { calls } = homeApi();
    await renderApp('/home');
    const legend = await screen.findByTestId('curve-legend');
    expect(legend).toHaveTextContent('Total, 7 days');
    await waitFor(() =>
      expect(within(legend).getByText('Sales').parentElement).toHaveTextContent('Sales$345.00'),
    );
    expect(within(legend).getByText('Orders').parentElement).toHaveTextContent('Orders3');
    expect(within(legend).getByText('Visitors').parentElement).toHaveTextContent('Visitors30');
    expect(of(calls, '/merchant/index/echart').map((c) => c.query.get('range'))).toEqual(['seven']);
    // uPlot drew in its lazy chunk.
    const chart = await screen.findByTestId('sales-chart');
    await waitFor(() => expect(chart.querySelector('.uplot')).not.toBeNull());
    const table = screen.getByRole('table', { name: 'Orders, sales and visitors, 7 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('Nov 21');
    expect(rows[2]).toHaveTextContent('$115.00');

    const range = screen.getByRole('group', { name: 'Period of the curve' });
    await user.click(within(range).getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(of(calls, '/merchant/index/echart').at(-1)?.query.get('range')).toBe('today'));
    expect(within(range).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(legend).toHaveTextContent('Total, Today'));
    expect(screen.getByRole('table', { name: 'Orders, sales and visitors, Today' })).toHaveTextContent(
      '9 AM',
    );

    await user.click(within(range).getByRole('button', { name: '30 days' }));
    await waitFor(() =>
      expect(of(calls, '/merchant/index/echart').at(-1)?.query.get('range')).toBe('thirty'),
    );
  });

  it('paints the last figures kept for this merchant at once, then shows the fresh ones', async () => {
    const me = logIn();
    // What the last visit kept (lib/snapshot.ts), saved long enough ago to be refetched.
    localStorage.setItem(
      `snapshot:dashboard-v1:${me.id}`,
      JSON.stringify({ at: Date.now() - 10 * 60_000, data: newDashboard({ total_sales: '999.00' }) }),
    );
    let answer: (d: Dashboard) => void = () => undefined;
    const { calls } = homeApi({
      [INDEX]: () => new Promise((resolve) => (answer = (d) => resolve(ok(d)))),
    });
    await renderApp('/home');
    const sales = await screen.findByTestId('figure-total-sales');
    await waitFor(() => expect(sales).toHaveTextContent('$999.00'));
    // The refetch is under way and has not answered: the kept figures are what is on screen.
    await waitFor(() => expect(of(calls, '/merchant/index/index')).toHaveLength(1));
    expect(screen.queryByText('Loading...')).toBeNull();
    act(() => answer(newDashboard({ total_sales: '1500.00' })));
    await waitFor(() => expect(sales).toHaveTextContent('$1,500.00'));
    // Kept for the next visit; logging out removes it.
    expect(localStorage.getItem(`snapshot:dashboard-v1:${me.id}`)).toContain('"total_sales":"1500.00"');
    act(() => useSession.getState().logout());
    expect(localStorage.getItem(`snapshot:dashboard-v1:${me.id}`)).toBeNull();
  });

  it("another merchant's kept figures are never shown", async () => {
    const me = logIn();
    localStorage.setItem(
      `snapshot:dashboard-v1:${me.id + 1000}`,
      JSON.stringify({ at: Date.now(), data: newDashboard({ total_sales: '999.00' }) }),
    );
    homeApi();
    await renderApp('/home');
    const sales = await screen.findByTestId('figure-total-sales');
    await waitFor(() => expect(sales).toHaveTextContent('$1,380.00'));
    expect(screen.queryByText('$999.00')).toBeNull();
  });

  it('a closed shop says so at the top, with the reason', async () => {
    logIn({ status: 'closed', closed_reason: 'Counterfeit goods reported' });
    homeApi();
    await renderApp('/home');
    const closed = await screen.findByTestId('shop-closed');
    expect(closed).toHaveTextContent('The store is closed, please contact customer service');
    expect(closed).toHaveTextContent('Reason: Counterfeit goods reported');
    expect(within(closed).getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('a shop reopened since the session was stored: the notice goes once the server says it is open', async () => {
    const me = logIn({ status: 'closed', closed_reason: 'Counterfeit goods reported' });
    homeApi({ [MERINFO]: () => ok({ ...me, status: 'active', closed_reason: null }) });
    await renderApp('/home');
    await screen.findByTestId('figure-total-sales');
    await waitFor(() => expect(screen.queryByTestId('shop-closed')).toBeNull());
    expect(useSession.getState().merinfo?.status).toBe('active');
  });

  it('an open shop shows no closed notice', async () => {
    logIn();
    homeApi();
    await renderApp('/home');
    await screen.findByTestId('figure-total-sales');
    expect(screen.queryByTestId('shop-closed')).toBeNull();
  });

  it('the announcements scroll, can be paused, and are read once by screen readers', async () => {
    logIn();
    homeApi({
      [AFFICHE]: () =>
        ok({
          list: [
            newAnnouncement({ text: 'Maintenance tonight 23:00–23:30' }),
            newAnnouncement({ text: 'Bảo trì tối nay', lang: 'vi' }),
          ],
        }),
    });
    await renderApp('/home');
    const box = await screen.findByTestId('announcements');
    const list = within(box).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Maintenance tonight 23:00–23:30', 'Bảo trì tối nay']);
    // In another language than the page's: marked, so it is read in its own.
    expect(within(list).getByText('Bảo trì tối nay')).toHaveAttribute('lang', 'vi');
    const marquee = within(box).getByTestId('marquee');
    expect(marquee).toHaveAttribute('aria-hidden', 'true');
    expect(marquee).toHaveAttribute('data-moving', 'true');
    const pause = within(box).getByRole('button', { name: 'Pause the announcements' });
    await user.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(marquee).toHaveAttribute('data-moving', 'false');
  });

  it('the refresh button refetches every figure on the screen', async () => {
    logIn();
    const { calls } = homeApi({ [AFFICHE]: () => ok({ list: [newAnnouncement()] }) });
    await renderApp('/home');
    await screen.findByTestId('figure-total-sales');
    await screen.findByTestId('announcements');
    const before = {
      index: of(calls, '/merchant/index/index').length,
      echart: of(calls, '/merchant/index/echart').length,
      affiche: of(calls, '/merchant/merchant/affiche').length,
    };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(of(calls, '/merchant/index/index').length).toBe(before.index + 1));
    await waitFor(() => expect(of(calls, '/merchant/index/echart').length).toBe(before.echart + 1));
    await waitFor(() => expect(of(calls, '/merchant/merchant/affiche').length).toBe(before.affiche + 1));
  });

  it('a failed dashboard says why, with a retry', async () => {
    logIn();
    let fail = true;
    homeApi({
      [INDEX]: () => (fail ? { status: 500, body: { code: 500, msg: 'boom' } } : ok(newDashboard())),
    });
    await renderApp('/home');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('figure-total-sales')).toBeInTheDocument();
  });
});
