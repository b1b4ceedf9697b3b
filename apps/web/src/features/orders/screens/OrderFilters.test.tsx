import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';
import { config, counts, isBadgeCall, newOrder, orderPage } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const LIST = 'GET /merchant/order/list';
const COUNT = 'POST /merchant/order/orderCount';
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/order/list' && !isBadgeCall(c));
const last = (calls: Call[]) => lists(calls).at(-1)?.query;
/** The filters a list call sent, as one comparable object. */
const sent = (q: URLSearchParams | undefined) =>
  Object.fromEntries(
    [
      'status',
      'keyword',
      'settlement',
      'sold',
      'paid_day',
      'paid',
      'paid_range',
      'refunded',
      'in_escrow',
    ].flatMap((k) => (q?.get(k) === null || q?.get(k) === undefined ? [] : [[k, q.get(k)]])),
  );

function orderApi() {
  const lamp = newOrder({ title: 'Desk lamp', order_no: 'D-LAMP' });
  const chair = newOrder({ title: 'Chair', order_no: 'D-CHAIR', status: 3, settlement: 1 });
  return mockApi({
    ...config,
    [COUNT]: () => counts(9, { 5: 4, 3: 5 }),
    [LIST]: (c) => {
      if (isBadgeCall(c)) return orderPage([], 4, 1, 10);
      const keyword = c.query.get('keyword');
      const rows = [lamp, chair].filter(
        (o) => !keyword || o.title.toLowerCase().includes(keyword.toLowerCase()) || o.order_no === keyword,
      );
      return orderPage(c.query.get('settlement') === '2' ? [] : rows);
    },
  });
}

describe('order list filters', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('searches by order number or product title, in the address; the chip removes it', async () => {
    logIn();
    const { calls } = orderApi();
    const { router } = await renderApp('/order');
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(2));
    const search = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(search).toHaveAttribute('maxlength', '60');
    await user.type(search, '  lamp {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=lamp'));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(1));
    expect(sent(last(calls))).toEqual({ keyword: 'lamp' });
    expect(last(calls)?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Remove filter: “lamp”' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it('filters by settlement, beside the status tab; the tabs keep their counts', async () => {
    logIn();
    const { calls } = orderApi();
    const { router } = await renderApp('/order?status=3');
    const settlement = within(await screen.findByRole('group', { name: 'Settlement' }));
    expect(settlement.getByRole('button', { name: 'Any settlement' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(settlement.getByRole('button', { name: 'Pending settlement' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=3&settlement=1'));
    await waitFor(() => expect(sent(last(calls))).toEqual({ status: '3', settlement: '1' }));
    expect(settlement.getByRole('button', { name: 'Pending settlement' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const tabs = within(screen.getByTestId('order-tabs'));
    expect(tabs.getByRole('button', { name: 'All 9' })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Received 5' })).toHaveAttribute('aria-pressed', 'true');

    // A tab keeps the filters.
    await user.click(tabs.getByRole('button', { name: 'Awaiting pickup 4' }));
    await waitFor(() => expect(sent(last(calls))).toEqual({ status: '5', settlement: '1' }));

    // None match: said so, with a way out.
    await user.click(settlement.getByRole('button', { name: 'Settled' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5'));
    await waitFor(() => expect(sent(last(calls))).toEqual({ status: '5' }));
  });

  it('opened from Home: the sold orders paid on a day, as chips that remove themselves', async () => {
    logIn();
    const { calls } = orderApi();
    const { router } = await renderApp('/order?sold=1&paid_day=2026-11-22');
    expect(await screen.findByTestId('filter-sold')).toHaveTextContent('Sold orders');
    expect(screen.getByTestId('filter-paid_day')).toHaveTextContent('Paid on Nov 22, 2026');
    await waitFor(() => expect(sent(last(calls))).toEqual({ sold: '1', paid_day: '2026-11-22' }));

    await user.click(screen.getByRole('button', { name: 'Remove filter: Paid on Nov 22, 2026' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sold=1'));
    await waitFor(() => expect(sent(last(calls))).toEqual({ sold: '1' }));
    expect(screen.queryByTestId('filter-paid_day')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove filter: Sold orders' }));
    await waitFor(() => expect(sent(last(calls))).toEqual({}));
  });

  it.each([
    '/order?sold=yes&paid_day=2026-13-01&settlement=7',
    '/order?sold=1%20&paid_day=2026-02-30&settlement=-1',
  ])('leaves out what the server would refuse: %s', async (path) => {
    logIn();
    const { calls } = orderApi();
    await renderApp(path);
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(2));
    expect(sent(last(calls))).toEqual({});
    expect(screen.queryByTestId('filter-sold')).toBeNull();
    expect(screen.queryByTestId('filter-paid_day')).toBeNull();
  });

  it('back and forward bring the filters back, the search box too', async () => {
    logIn();
    const { calls } = orderApi();
    const { router } = await renderApp('/order?keyword=chair');
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(1));
    await act(() => router.navigate('/order?settlement=1'));
    await waitFor(() => expect(sent(last(calls))).toEqual({ settlement: '1' }));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('chair'),
    );
    expect(
      within(screen.getByRole('group', { name: 'Settlement' })).getByRole('button', {
        name: 'Any settlement',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('a figure’s list: its filters as chips, and what all its orders add up to, by the figures’ names', async () => {
    logIn();
    const loss = newOrder({ title: 'Speaker', status: 7, earnings: '-16.20', refunded: '18.63' });
    const { calls } = mockApi({
      ...config,
      [COUNT]: () => counts(9),
      [LIST]: (c) => {
        if (isBadgeCall(c)) return orderPage([], 0, 1, 10);
        return ok({
          total: 1,
          total_capped: false,
          page: 1,
          limit: 20,
          list: [loss],
          sums: {
            orders: 1,
            sold: 0,
            sales: '0.00',
            refunded: '18.63',
            cost: '16.20',
            cost_estimated: '0.00',
            profit: '-16.20',
            in_escrow: '0.00',
          },
        });
      },
    });
    const { router } = await renderApp('/order?paid=1&refunded=1&paid_range=week');
    const sums = await screen.findByTestId('order-sums');
    expect(sums).toHaveTextContent('1 order, adding up to');
    await waitFor(() =>
      expect(within(sums).getByTestId('sum-profit')).toHaveTextContent('Profit (orders)-$16.20'),
    );
    expect(within(sums).getByTestId('sum-refunded')).toHaveTextContent('Refunded to buyers$18.63');
    expect(within(sums).getByTestId('sum-cost')).toHaveTextContent('Cost (orders)$16.20');
    expect(within(sums).getByTestId('sum-profit').querySelector('dd')).toHaveAttribute(
      'data-negative',
      'true',
    );
    expect(sent(last(calls))).toEqual({ paid: '1', refunded: '1', paid_range: 'week' });
    // The order's own profit: a loss, never green.
    expect(screen.getByTestId('order-earnings').parentElement).toHaveAttribute('data-sign', 'minus');
    expect(screen.getByTestId('filter-paid')).toHaveTextContent('Paid orders');
    expect(screen.getByTestId('filter-refunded')).toHaveTextContent('With a refund');
    expect(screen.getByTestId('filter-paid_range')).toHaveTextContent('Paid: This week');
    await user.click(screen.getByRole('button', { name: 'Remove filter: Paid: This week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?paid=1&refunded=1'));
  });

  it('a plain list (a tab) shows no sums; a period the server would refuse is left out', async () => {
    logIn();
    const { calls } = orderApi();
    await renderApp('/order?paid_range=decade&in_escrow=yes');
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(2));
    expect(screen.queryByTestId('order-sums')).toBeNull();
    expect(sent(last(calls))).toEqual({});
  });
});
