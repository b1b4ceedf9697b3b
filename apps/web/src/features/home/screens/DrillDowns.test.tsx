import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConfig } from '../../../test/factories';
import { listEndInView, logIn, logOut, renderApp } from '../../../test/render';
import { newRating } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };
const of = (calls: Call[], path: string) => calls.filter((c) => c.path === path);

/** index/visits' answer: the last `days` days up to 2026-11-22, newest first. */
function visits(days: number) {
  const list = Array.from({ length: days }, (_, i) => {
    const d = new Date(Date.UTC(2026, 10, 22 - i));
    return { date: d.toISOString().slice(0, 10), visitors: i === 0 ? 8 : i === 1 ? 1 : 0 };
  });
  return ok({ time_zone: 'Asia/Ho_Chi_Minh', list });
}

describe('visitors', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the visitors per day of the days in the address, and switches between 7, 30 and 90 days', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/visits': (c) => visits(Number(c.query.get('days'))),
    });
    const { router } = await renderApp('/visitors?days=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visitors' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('visit-day')).toHaveLength(7));
    const [today, yesterday] = screen.getAllByTestId('visit-day') as [HTMLElement, HTMLElement];
    expect(today).toHaveTextContent('Sun, Nov 22, 2026');
    expect(today).toHaveTextContent('8 visitors');
    expect(yesterday).toHaveTextContent('1 visitor');
    expect(screen.getByTestId('visits-total')).toHaveTextContent('Total: 9 visitors');
    expect(of(calls, '/merchant/index/visits').map((c) => c.query.get('days'))).toEqual(['7']);
    const range = screen.getByRole('group', { name: 'Period' });
    expect(within(range).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(range).getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(screen.getAllByTestId('visit-day')).toHaveLength(90));
    expect(router.state.location.search).toBe('?days=90');
    expect(of(calls, '/merchant/index/visits').at(-1)?.query.get('days')).toBe('90');
  });

  it('opened without days (or with days it does not offer) shows 30', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/visits': (c) => visits(Number(c.query.get('days'))),
    });
    await renderApp('/visitors?days=1000');
    await waitFor(() => expect(screen.getAllByTestId('visit-day')).toHaveLength(30));
    expect(of(calls, '/merchant/index/visits').map((c) => c.query.get('days'))).toEqual(['30']);
  });
});

describe('ratings', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the ratings with stars, comments and their orders, page after page', async () => {
    logIn();
    const first = [
      newRating({ stars: 4, comment: 'Good lamp, slow box.', order_no: 'D-R1', title: 'Desk lamp' }),
      newRating({ stars: 1, comment: '', title: '' }),
    ];
    const second = [newRating({ stars: 5, comment: 'Perfect.' })];
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/ratings': (c) =>
        c.query.get('page') === '1'
          ? ok({ total: 3, page: 1, limit: 2, list: first })
          : ok({ total: 3, page: 2, limit: 2, list: second }),
    });
    const undo = listEndInView();
    try {
      await renderApp('/ratings');
      expect(await screen.findByRole('heading', { level: 1, name: 'Ratings' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getAllByTestId('rating')).toHaveLength(3));
    } finally {
      undo();
    }
    const [a, b, c] = screen.getAllByTestId('rating') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(a).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(a).toHaveTextContent('Good lamp, slow box.');
    expect(within(a).getByRole('link', { name: 'Order D-R1 · Desk lamp' })).toHaveAttribute(
      'href',
      `/orderDetail?id=${first[0]?.order_id}`,
    );
    expect(a).toHaveTextContent('Nov 21, 2026');
    expect(within(b).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(b).toHaveTextContent('No comment');
    expect(b).toHaveTextContent('No product title available');
    expect(c).toHaveTextContent('Perfect.');
    expect(screen.getByTestId('ratings-total')).toHaveTextContent('3 ratings from buyers');
    expect(of(calls, '/merchant/index/ratings').map((x) => x.query.get('page'))).toEqual(['1', '2']);
  });

  it('says when there are none yet', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/index/ratings': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
    });
    await renderApp('/ratings');
    expect(await screen.findByText(/No ratings yet\. Buyers can rate an order/)).toBeInTheDocument();
  });
});
