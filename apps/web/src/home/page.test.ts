import serverEn from '@dropdesk/contract/messages/en.json';
import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import homeEn from '../features/home/locales/en.json';
import { takeFlash } from '../lib/flash';
import { readSession } from '../lib/session-storage';
import en from '../locales/en.json';
import { renderHome } from '../prerender';
import { badgePage, newConfig } from '../test/factories';
import { logIn, logOut } from '../test/render';
import type { Dashboard } from './api';
import { enhance, type PageEnv } from './page';
import { newAnnouncement, newDashboard, newEchart } from './test-factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const CONFIG = 'GET /merchant/common/config';
const INDEX = 'GET /merchant/index/index';
const ECHART = 'GET /merchant/index/echart';
const AFFICHE = 'GET /merchant/merchant/affiche';
const MERINFO = 'GET /merchant/merchant/getMerInfo';
const BADGE = 'GET /merchant/order/list';
const of = (calls: Call[], path: string) => calls.filter((c) => c.path === path);

/** Everything Home asks for, each overridable; the shop as the logged-in merchant's, unless told. */
function homeApi(over: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [CONFIG]: () => ok(newConfig()),
    [INDEX]: () => ok(newDashboard()),
    [ECHART]: (c) => ok(newEchart((c.query.get('range') ?? 'seven') as 'seven')),
    [AFFICHE]: () => ok({ list: [] }),
    [MERINFO]: () => ok(readSession()?.merinfo),
    [BADGE]: () => ok(badgePage(3)),
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

/**
 * The Home page as the server sends it: the prerendered markup in English, and its script. `go` and
 * `reload` record the full page loads it asks for.
 */
function openPage() {
  const { markup, texts } = renderHome('en', { ...en, ...homeEn }, serverEn);
  window.history.replaceState(null, '', '/home');
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.documentElement.lang = 'en';
  document.documentElement.removeAttribute('data-ready');
  localStorage.setItem('lang', 'en');
  document.body.innerHTML = `<div id="root">${markup}</div><script type="application/json" id="home-texts">${JSON.stringify(
    { ...texts, appFiles: ['/assets/index-x.js', '/assets/main-x.css'] },
  )}</script>`;
  const env = {
    go: vi.fn<PageEnv['go']>(),
    reload: vi.fn<PageEnv['reload']>(),
    drawCurve: () => import('./curve'),
  };
  expect(enhance(document, env)).toBe(true);
  return env;
}

/** Until the page says it has asked for everything once (`data-ready`). */
const settled = () => waitFor(() => expect(document.documentElement.dataset.ready).toBe('home'));

/**
 * happy-dom lays nothing out, so its IntersectionObserver never sees anything: this one says the
 * chart's room is on screen once `show()` is called (at once unless a test holds it back).
 */
function fakeViewport(startVisible = true) {
  const watchers: IntersectionObserverCallback[] = [];
  let visible = startVisible;
  const seen = [{ isIntersecting: true } as IntersectionObserverEntry];
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe() {
      if (visible) this.callback(seen, this as never);
      else watchers.push(this.callback);
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    show: () => {
      visible = true;
      for (const w of watchers) w(seen, {} as never);
    },
  };
}

describe('the Home page (no app, no React in the browser)', () => {
  beforeEach(() => {
    logOut();
    fakeCanvas();
    fakeViewport();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every figure of the dashboard, money with the currency, under the Home tab', async () => {
    logIn();
    homeApi();
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const sales = screen.getByTestId('figure-total-sales');
    // The same names as the finance report's: one name, one quantity.
    await waitFor(() => expect(sales).toHaveTextContent('Sales (orders)$1,380.00'));
    expect(sales).toHaveTextContent('12 orders sold');
    expect(screen.getByTestId('figure-total-profit')).toHaveTextContent('Profit (orders)$180.00');
    expect(screen.getByTestId('figure-total-profit')).toHaveTextContent(
      'Earnings of every paid order, refunds included',
    );
    expect(screen.getByTestId('home-today-date')).toHaveTextContent('Sun, Nov 22, 2026');
    expect(screen.getByTestId('figure-today-orders')).toHaveTextContent('Orders sold2');
    expect(screen.getByTestId('figure-today-sales')).toHaveTextContent('Sales (orders)$230.00');
    expect(screen.getByTestId('figure-today-profit')).toHaveTextContent('Profit (orders)$30.00');
    // Where the money is now.
    expect(screen.getByTestId('figure-now-in-escrow')).toHaveTextContent('In escrow$460.00');
    expect(screen.getByTestId('figure-now-on-hold')).toHaveTextContent('On hold for withdrawal$100.00');
    expect(screen.getByTestId('figure-now-awaiting-pickup-cost')).toHaveTextContent(
      'Cost to pay at pickup$100.00',
    );
    expect(screen.getByTestId('figure-now-pending-topups')).toHaveTextContent(
      'Pending top-ups$150.001 waiting for review',
    );
    expect(screen.getByTestId('figure-followers')).toHaveTextContent('Followers35');
    expect(screen.getByTestId('figure-rating')).toHaveTextContent('Rating4.6 / 55 ratings');
    expect(screen.getByTestId('figure-credit')).toHaveTextContent('Credit score91');
    expect(screen.getByTestId('figure-visitors-today')).toHaveTextContent('Today8');
    expect(screen.getByTestId('figure-visitors-seven')).toHaveTextContent('7 days64');
    expect(screen.getByTestId('figure-visitors-thirty')).toHaveTextContent('30 days250');
    expect(screen.getByText('Loading...', { selector: '[data-part="loading"]' })).not.toBeVisible();
    // The Home tab is in the bar, marked as the current one; the Order tab carries the badge.
    const tabs = screen.getByRole('navigation', { name: 'Main sections' });
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Order (3)' })).toHaveAttribute('href', '/order'),
    );
    await settled();
    expect(readSession()?.orderTotal).toBe(3);
  });

  it('asks the API with the session token, the page language and the device id', async () => {
    logIn();
    localStorage.setItem('device', 'device-of-this-browser-01');
    const { calls } = homeApi();
    openPage();
    await settled();
    const index = of(calls, '/merchant/index/index')[0];
    expect(index?.headers.get('token')).toBe('tok-test');
    expect(index?.headers.get('lang')).toBe('en');
    expect(new Set(calls.map((c) => c.headers.get('device')))).toEqual(
      new Set(['device-of-this-browser-01']),
    );
  });

  it('each figure opens what it is made of', async () => {
    logIn();
    homeApi();
    openPage();
    await settled();
    const href = (id: string) => screen.getByTestId(id).getAttribute('href');
    // Sales: the sold orders; profit: every paid order (a shipped order refunded in full counts its loss).
    expect(href('figure-total-sales')).toBe('/order?sold=1');
    expect(href('figure-total-profit')).toBe('/order?paid=1');
    // Today is the merchant's day, as the dashboard says it (not the device's).
    expect(href('figure-today-orders')).toBe('/order?sold=1&paid_day=2026-11-22');
    expect(href('figure-today-sales')).toBe('/order?sold=1&paid_day=2026-11-22');
    expect(href('figure-today-profit')).toBe('/order?paid=1&paid_day=2026-11-22');
    expect(href('figure-now-in-escrow')).toBe('/order?in_escrow=1');
    expect(href('figure-now-on-hold')).toBe('/fundsRecords?account=withdraw_hold');
    expect(href('figure-now-awaiting-pickup-cost')).toBe('/order?status=5&paid=1');
    expect(href('figure-now-pending-topups')).toBe('/rechargeRecord?status=pending');
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

  it('the curve: 7 days first, a legend with values, a table for screen readers; the range switch asks for its range', async () => {
    logIn();
    const { calls } = homeApi();
    openPage();
    const legend = screen.getByTestId('curve-legend');
    await waitFor(() => expect(legend).toHaveTextContent('Total, 7 days'));
    await waitFor(() =>
      expect(within(legend).getByText('Sales (orders)').parentElement).toHaveTextContent(
        'Sales (orders)$345.00',
      ),
    );
    expect(within(legend).getByText('Orders sold').parentElement).toHaveTextContent('Orders sold3');
    expect(within(legend).getByText('Visitors').parentElement).toHaveTextContent('Visitors30');
    expect(of(calls, '/merchant/index/echart').map((c) => c.query.get('range'))).toEqual(['seven']);
    // uPlot drew in its lazy chunk.
    const chart = screen.getByTestId('sales-chart');
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
    expect(within(range).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(legend).toHaveTextContent('Total, Today'));
    expect(screen.getByRole('table', { name: 'Orders, sales and visitors, Today' })).toHaveTextContent(
      '9 AM',
    );

    await user.click(within(range).getByRole('button', { name: '30 days' }));
    await waitFor(() =>
      expect(of(calls, '/merchant/index/echart').at(-1)?.query.get('range')).toBe('thirty'),
    );
  });

  it('draws the chart only once its room is on screen; the legend and the table are there before', async () => {
    logIn();
    const viewport = fakeViewport(false);
    const drawCurve = vi.fn(() => import('./curve'));
    homeApi();
    const { markup, texts } = renderHome('en', { ...en, ...homeEn }, serverEn);
    document.documentElement.lang = 'en';
    document.documentElement.removeAttribute('data-ready');
    localStorage.setItem('lang', 'en');
    document.body.innerHTML = `<div id="root">${markup}</div><script type="application/json" id="home-texts">${JSON.stringify({ ...texts, appFiles: [] })}</script>`;
    enhance(document, { go: vi.fn(), reload: vi.fn(), drawCurve });
    await settled();
    expect(screen.getByRole('table', { name: 'Orders, sales and visitors, 7 days' })).toBeInTheDocument();
    expect(drawCurve).not.toHaveBeenCalled();
    // Not "loading" while the answer is here: its sketch is drawn at once, a line a series.
    const slot = document.querySelector('[data-region="curve"] [data-part="slot-status"]') as HTMLElement;
    expect(slot).not.toBeVisible();
    const sketch = screen.getByTestId('sales-sketch');
    expect(sketch.querySelectorAll('polyline')).toHaveLength(3);
    expect(sketch.querySelector('polyline')?.getAttribute('points')).toBe('0,96.00 10,56.91 20,17.82');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    viewport.show();
    await waitFor(() => expect(screen.getByTestId('sales-chart').querySelector('.uplot')).not.toBeNull());
    expect(drawCurve).toHaveBeenCalledTimes(1);
  });

  it('a period without activity says so instead of drawing an empty curve', async () => {
    logIn();
    homeApi({ [ECHART]: () => ok(newEchart('seven', { series: [] })) });
    openPage();
    await settled();
    expect(screen.getByText('No orders, sales or visitors in this period yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Orders, sales and visitors/ })).toBeNull();
  });

  it('paints the last figures kept for this merchant at once, then shows the fresh ones', async () => {
    const me = logIn();
    // What the last visit kept (lib/snapshot.ts).
    localStorage.setItem(
      `snapshot:dashboard-v1:${me.id}`,
      JSON.stringify({ at: Date.now() - 10 * 60_000, data: newDashboard({ total_sales: '999.00' }) }),
    );
    let answer: (d: Dashboard) => void = () => undefined;
    homeApi({ [INDEX]: () => new Promise((resolve) => (answer = (d) => resolve(ok(d)))) });
    openPage();
    // At once, before any answer: the kept figures (the currency comes with the config).
    const sales = screen.getByTestId('figure-total-sales');
    expect(sales).toHaveTextContent('999.00');
    expect(screen.getByText('Loading...', { selector: '[data-part="loading"]' })).not.toBeVisible();
    await waitFor(() => expect(sales).toHaveTextContent('$999.00'));
    answer(newDashboard({ total_sales: '1500.00' }));
    await waitFor(() => expect(sales).toHaveTextContent('$1,500.00'));
    // Kept for the next visit.
    expect(localStorage.getItem(`snapshot:dashboard-v1:${me.id}`)).toContain('"total_sales":"1500.00"');
  });

  it("another merchant's kept figures are never shown", async () => {
    const me = logIn();
    localStorage.setItem(
      `snapshot:dashboard-v1:${me.id + 1000}`,
      JSON.stringify({ at: Date.now(), data: newDashboard({ total_sales: '999.00' }) }),
    );
    homeApi();
    openPage();
    expect(screen.getByTestId('figure-total-sales')).toHaveTextContent('–');
    await waitFor(() => expect(screen.getByTestId('figure-total-sales')).toHaveTextContent('$1,380.00'));
    expect(screen.queryByText('$999.00')).toBeNull();
  });

  it('a closed shop says so at the top, with the reason', async () => {
    logIn({ status: 'closed', closed_reason: 'Counterfeit goods reported' });
    homeApi();
    openPage();
    const closed = screen.getByTestId('shop-closed');
    expect(closed).toBeVisible();
    expect(closed).toHaveTextContent('The store is closed, please contact customer service');
    expect(closed).toHaveTextContent('Reason: Counterfeit goods reported');
    expect(within(closed).getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
    await settled();
    expect(closed).toBeVisible();
  });

  it('a shop reopened since the session was stored: the notice goes once the server says it is open', async () => {
    const me = logIn({ status: 'closed', closed_reason: 'Counterfeit goods reported' });
    homeApi({ [MERINFO]: () => ok({ ...me, status: 'active', closed_reason: null }) });
    openPage();
    expect(screen.getByTestId('shop-closed')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('shop-closed')).not.toBeVisible());
    expect(readSession()?.merinfo?.status).toBe('active');
  });

  it('an open shop shows no closed notice', async () => {
    logIn();
    homeApi();
    openPage();
    await settled();
    expect(screen.getByTestId('shop-closed')).not.toBeVisible();
  });

  it('the announcements scroll, can be paused, and are read once by screen readers', async () => {
    const me = logIn();
    homeApi({
      [AFFICHE]: () =>
        ok({
          list: [
            newAnnouncement({ text: 'Maintenance tonight 23:00–23:30' }),
            newAnnouncement({ text: 'Bảo trì tối nay', lang: 'vi' }),
          ],
        }),
    });
    openPage();
    const box = screen.getByTestId('announcements');
    await waitFor(() => expect(box).toBeVisible());
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
    // Kept, so the next visit shows them at once (no jump when they arrive).
    expect(localStorage.getItem(`snapshot:affiche-v1-en:${me.id}`)).toContain('Maintenance tonight');
  });

  it('the refresh button asks again for everything on the screen', async () => {
    logIn();
    const { calls } = homeApi({ [AFFICHE]: () => ok({ list: [newAnnouncement()] }) });
    openPage();
    await settled();
    const count = () =>
      [
        '/merchant/index/index',
        '/merchant/index/echart',
        '/merchant/merchant/affiche',
        '/merchant/order/list',
      ].map((p) => of(calls, p).length);
    const before = count();
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await waitFor(() => expect(refresh).toBeEnabled());
    await user.click(refresh);
    await waitFor(() => expect(count()).toEqual(before.map((n) => n + 1)));
    await waitFor(() => expect(refresh).toBeEnabled());
  });

  it('a failed dashboard says why, with a retry', async () => {
    logIn();
    let fail = true;
    homeApi({
      [INDEX]: () => (fail ? { status: 500, body: { code: 500, msg: 'boom' } } : ok(newDashboard())),
    });
    openPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side');
    // The figures' box no longer says it is loading (a screen reader would wait on it for ever).
    const figures = document.querySelector('[data-region="figures"]');
    expect(figures).not.toHaveAttribute('aria-busy');
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(screen.getByTestId('figure-total-sales')).toHaveTextContent('$1,380.00'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(figures).not.toHaveAttribute('aria-busy');
  });

  it('without a session: the login page, with its message, and back to Home after', () => {
    mockApi({});
    const env = openPage();
    expect(env.go).toHaveBeenCalledWith('/login?redirect=%2Fhome');
    expect(takeFlash()).toEqual({ text: 'Please log in first', kind: 'fail' });
  });

  it('a session the server no longer knows: logged out, the kept figures gone, the login page says why', async () => {
    const me = logIn();
    localStorage.setItem(
      `snapshot:dashboard-v1:${me.id}`,
      JSON.stringify({ at: Date.now(), data: newDashboard() }),
    );
    const gone = () => ({ status: 401, body: { code: 401, msg: 'Your session has ended' } });
    homeApi({
      [INDEX]: gone,
      [ECHART]: gone,
      [AFFICHE]: gone,
      [MERINFO]: gone,
      [BADGE]: gone,
      [CONFIG]: gone,
    });
    const env = openPage();
    await waitFor(() => expect(env.go).toHaveBeenCalledWith('/login'));
    expect(env.go).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(`snapshot:dashboard-v1:${me.id}`)).toBeNull();
    expect(takeFlash()).toEqual({ text: 'Your session has ended', kind: 'fail' });
  });

  it('opens in the language the merchant chose, when the page came in another', () => {
    logIn();
    mockApi({});
    const { markup, texts } = renderHome('en', { ...en, ...homeEn }, serverEn);
    document.documentElement.lang = 'en';
    localStorage.setItem('lang', 'vi');
    sessionStorage.removeItem('lang-reload');
    document.body.innerHTML = `<div id="root">${markup}</div><script type="application/json" id="home-texts">${JSON.stringify(
      { ...texts, appFiles: [] },
    )}</script>`;
    const env = {
      go: vi.fn<PageEnv['go']>(),
      reload: vi.fn<PageEnv['reload']>(),
      drawCurve: () => import('./curve'),
    };
    enhance(document, env);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledWith('vi');
    expect(document.cookie).toContain('lang=vi');
  });

  it("fetches the app's start files at the merchant's first touch, not before", async () => {
    logIn();
    homeApi();
    openPage();
    await settled();
    const links = () =>
      [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')]);
    expect(links()).toEqual([]);
    await user.click(screen.getByTestId('figure-credit'));
    expect(links()).toEqual([
      ['prefetch', '/assets/index-x.js'],
      ['prefetch', '/assets/main-x.css'],
    ]);
  });
});
