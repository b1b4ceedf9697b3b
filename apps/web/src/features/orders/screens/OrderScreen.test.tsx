import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';
import { config, counts, isBadgeCall, newOrder, orderPage } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const LIST = 'GET /merchant/order/list';
const COUNT = 'POST /merchant/order/orderCount';
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/order/list' && !isBadgeCall(c));
const badges = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/order/list' && isBadgeCall(c));
const picks = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/merchant/order/pick'));

/** Types into the payment password (one real input drawn as six cells). */
async function typePayPassword(digits: string) {
  fireEvent.change(await screen.findByTestId('pick-pay-password'), { target: { value: digits } });
}

const UUID = /^[0-9a-f-]{36}$/;

describe('order list', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('tabs show their counts; a tab lists its status, kept in the address', async () => {
    logIn();
    const unpaid = newOrder({ status: 0, order_no: 'D-UNPAID' });
    const waiting = newOrder({ status: 5, order_no: 'D-WAITING' });
    const { calls } = mockApi({
      ...config,
      [COUNT]: () => counts(12, { 0: 1, 5: 3, 1: 2, 2: 1, 4: 5 }),
      [LIST]: (c) => {
        if (isBadgeCall(c)) return orderPage([waiting], 3, 1, 10);
        const status = c.query.get('status');
        return orderPage(status === '5' ? [waiting] : status === null ? [unpaid, waiting] : []);
      },
    });
    const { router } = await renderApp('/order');
    const tabs = within(await screen.findByTestId('order-tabs'));
    expect(await tabs.findByRole('button', { name: 'All 12' })).toHaveAttribute('aria-pressed', 'true');
    expect(tabs.getByRole('button', { name: 'Waiting for payment 1' })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Awaiting pickup 3' })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Waiting for shipment 2' })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Shipped 1' })).toBeInTheDocument();
    // The rest, in ORDER_TABS order; a status with no orders counts 0.
    const names = tabs.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual([
      'All 12',
      'Waiting for payment 1',
      'Awaiting pickup 3',
      'Waiting for shipment 2',
      'Shipped 1',
      'In transit 0',
      'Reached 0',
      'Received 0',
      'Completed 5',
      'Cancelled 0',
    ]);
    expect(await screen.findAllByTestId('order')).toHaveLength(2);
    expect(lists(calls)[0]?.query.get('status')).toBeNull();

    await user.click(tabs.getByRole('button', { name: 'Awaiting pickup 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5'));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(1));
    expect(screen.getByTestId('order')).toHaveTextContent('D-WAITING');
    expect(lists(calls).at(-1)?.query.get('status')).toBe('5');
    expect(lists(calls).at(-1)?.query.get('page')).toBe('1');

    await user.click(tabs.getByRole('button', { name: 'Cancelled 0' }));
    expect(await screen.findByText('No orders in “Cancelled”.')).toBeInTheDocument();
    expect(lists(calls).at(-1)?.query.get('status')).toBe('-1');
  });

  it('each order shows its number, product, quantity, price, total, cost, earnings, time, status, settlement and refund', async () => {
    logIn();
    const order = newOrder({
      order_no: 'D20261120001',
      title: 'Desk lamp',
      quantity: 2,
      price: '57.50',
      total: '115.00',
      cost: '50.00',
      cost_total: '100.00',
      earnings: '15.00',
      status: 4,
      settlement: 2,
      refund_status: 'rejected',
      created_at: '2026-11-20T08:00:00.000Z',
    });
    const untitled = newOrder({ title: '', status: 1, settlement: 0 });
    mockApi({
      ...config,
      [COUNT]: () => counts(2, { 4: 1, 1: 1 }),
      [LIST]: (c) => (isBadgeCall(c) ? orderPage([], 0, 1, 10) : orderPage([order, untitled])),
    });
    await renderApp('/order');
    const [row, other] = (await screen.findAllByTestId('order')) as [HTMLElement, HTMLElement];
    expect(row).toHaveTextContent('Order no.: D20261120001');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/orderDetail?id=${order.id}`);
    expect(row).toHaveTextContent('Desk lamp');
    await waitFor(() => expect(row).toHaveTextContent('Qty 2 × $57.50'));
    expect(within(row).getByTestId('order-total')).toHaveTextContent('$115.00');
    expect(within(row).getByTestId('order-cost')).toHaveTextContent('$100.00');
    expect(within(row).getByTestId('order-earnings')).toHaveTextContent('$15.00');
    expect(row).toHaveTextContent('Nov 20, 2026');
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Completed');
    expect(within(row).getByTestId('settlement')).toHaveTextContent('Settled');
    expect(within(row).getByTestId('refund-status')).toHaveTextContent('Refund rejected');
    // Only an order awaiting pickup can be picked up.
    expect(within(row).queryByRole('button', { name: /Pick up/ })).toBeNull();
    expect(screen.queryByTestId('pick-bar')).toBeNull();
    expect(other).toHaveTextContent('No product title available');
    expect(within(other).getByTestId('order-status')).toHaveTextContent('Waiting for shipment');
    expect(within(other).getByTestId('settlement')).toHaveTextContent('Not settled');
    expect(within(other).queryByTestId('refund-status')).toBeNull();
  });

  it('pickup: the payment password and an Idempotency-Key, then a summary; counts, badge and the balance on /my refresh', async () => {
    const me = logIn({ balance: '1000.00' });
    const order = newOrder({ order_no: 'D-ONE', cost_total: '100.00' });
    let picked = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, balance: picked ? '900.00' : '1000.00' }),
      // /my's Messages badge.
      'GET /merchant/index/notice_unread': () => ok({ system: 0, notice: 0 }),
      [COUNT]: () => counts(1, picked ? { 1: 1 } : { 5: 1 }),
      [LIST]: (c) => {
        const now = { ...order, status: picked ? 1 : 5 };
        if (isBadgeCall(c)) return orderPage(picked ? [] : [now], picked ? 0 : 1, 1, 10);
        return orderPage([now]);
      },
      'POST /merchant/order/pick': () => {
        picked = true;
        return ok({ order: { ...order, status: 1 }, balance: '900.00' });
      },
    });
    const { router } = await renderApp('/my');
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    // The Order tab's badge: the orders awaiting pickup.
    const orderTab = await screen.findByRole('link', { name: 'Order (1)' });
    await act(() => router.navigate('/order'));
    const row = await screen.findByTestId('order');
    await user.click(within(row).getByRole('button', { name: 'Pick up order D-ONE' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Pick up order D-ONE' }));
    expect(sheet.getByTestId('pick-cost')).toHaveTextContent('$100.00');

    // The form checks the password as the server would, before any call.
    await user.click(sheet.getByRole('button', { name: 'Pay and pick up' }));
    expect(await sheet.findByText('Please enter the payment password')).toBeInTheDocument();
    expect(picks(calls)).toEqual([]);

    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and pick up' }));
    const summary = within(await screen.findByTestId('pick-summary'));
    expect(summary.getByText('1 order picked up')).toBeInTheDocument();
    expect(summary.getByTestId('picked')).toHaveTextContent('D-ONECost paid $100.00');
    expect(summary.getByTestId('balance-now')).toHaveTextContent('$900.00');
    expect(summary.queryByTestId('not-picked')).toBeNull();
    const [call] = picks(calls);
    expect(call?.path).toBe('/merchant/order/pick');
    expect(call?.body).toEqual({ id: order.id, pay_password: '123456' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID);

    // The tabs' counts, the list and the badge were asked again.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('order-tabs')).getByRole('button', { name: 'Awaiting pickup 0' }),
      ).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('order')).getByTestId('order-status')).toHaveTextContent(
        'Waiting for shipment',
      ),
    );
    await waitFor(() => expect(orderTab).toHaveAccessibleName('Order'));
    expect(badges(calls).length).toBeGreaterThanOrEqual(2);

    await user.click(summary.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate('/my'));
    expect(await screen.findByText('$900.00')).toBeInTheDocument();
  });

  it('pickup-all with a partial failure: oldest first, what was picked and what was not, with the server’s reason and a top-up', async () => {
    logIn();
    // Newest first, as the list comes.
    const c = newOrder({ order_no: 'D-C', cost_total: '30.00', created_at: '2026-11-22T08:00:00.000Z' });
    const b = newOrder({ order_no: 'D-B', cost_total: '20.00', created_at: '2026-11-21T08:00:00.000Z' });
    const a = newOrder({ order_no: 'D-A', cost_total: '10.00', created_at: '2026-11-20T08:00:00.000Z' });
    const short = "Your balance is $20.00 short of this order's cost";
    const { calls } = mockApi({
      ...config,
      [COUNT]: () => counts(3, { 5: 3 }),
      [LIST]: (q) => (isBadgeCall(q) ? orderPage([c, b, a], 3, 1, 10) : orderPage([c, b, a])),
      'POST /merchant/order/pick_batch': () =>
        ok({
          results: [
            { id: a.id, picked: true, error: null, msg: null },
            { id: b.id, picked: true, error: null, msg: null },
            { id: c.id, picked: false, error: 'BALANCE_SHORT', msg: short },
          ],
          picked: 2,
          failed: 1,
          balance: '10.00',
        }),
    });
    await renderApp('/order?status=5');
    const bar = within(await screen.findByTestId('pick-bar'));
    await user.click(bar.getByRole('button', { name: 'Pick up all (3)' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Pick up 3 orders' }));
    expect(sheet.getByTestId('pick-cost')).toHaveTextContent('$60.00');
    await typePayPassword('654321');
    await user.click(sheet.getByRole('button', { name: 'Pay and pick up' }));

    const summary = within(await screen.findByTestId('pick-summary'));
    expect(summary.getByText('2 orders picked up')).toBeInTheDocument();
    expect(summary.getByText('1 order could not be picked up')).toBeInTheDocument();
    expect(summary.getByTestId('picked')).toHaveTextContent('D-ACost paid $10.00D-BCost paid $20.00');
    expect(summary.getByTestId('not-picked')).toHaveTextContent(`D-C${short}`);
    expect(summary.getByTestId('balance-now')).toHaveTextContent('$10.00');
    expect(summary.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/recharge');

    const [call] = picks(calls);
    expect(call?.path).toBe('/merchant/order/pick_batch');
    // The orders that waited longest go first: the balance runs out on the newest.
    expect(call?.body).toEqual({ ids: [a.id, b.id, c.id], pay_password: '654321' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it('a multi-select picks up only the orders ticked', async () => {
    logIn();
    const x = newOrder({ order_no: 'D-X' });
    const y = newOrder({ order_no: 'D-Y' });
    const { calls } = mockApi({
      ...config,
      [COUNT]: () => counts(2, { 5: 2 }),
      [LIST]: (q) => (isBadgeCall(q) ? orderPage([x, y], 2, 1, 10) : orderPage([x, y])),
      'POST /merchant/order/pick_batch': () =>
        ok({
          results: [{ id: y.id, picked: true, error: null, msg: null }],
          picked: 1,
          failed: 0,
          balance: '5.00',
        }),
    });
    await renderApp('/order');
    await user.click(await screen.findByRole('checkbox', { name: 'Select order D-Y' }));
    const bar = within(screen.getByTestId('pick-bar'));
    expect(bar.getByText('1 selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Pick up 1 selected' }));
    await typePayPassword('123456');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pick up 1 order' })).getByRole('button', {
        name: 'Pay and pick up',
      }),
    );
    expect(await screen.findByText('1 order picked up')).toBeInTheDocument();
    expect(picks(calls)[0]?.body).toEqual({ ids: [y.id], pay_password: '123456' });
    // The selection is done with: the bar offers all again.
    expect(bar.getByText('0 selected')).toBeInTheDocument();
  });

  it('BALANCE_SHORT on one pickup: the server’s message above the button, a top-up shortcut; trying again is a new attempt', async () => {
    logIn();
    const order = newOrder({ order_no: 'D-SHORT' });
    const short = "Your balance is $42.50 short of this order's cost";
    let tries = 0;
    const { calls } = mockApi({
      ...config,
      [COUNT]: () => counts(1, { 5: 1 }),
      [LIST]: (q) => (isBadgeCall(q) ? orderPage([order], 1, 1, 10) : orderPage([order])),
      'POST /merchant/order/pick': () => {
        tries += 1;
        return tries === 1
          ? refusal('BALANCE_SHORT', short, { order, balance: '57.50' })
          : ok({ order: { ...order, status: 1 }, balance: '0.00' });
      },
    });
    await renderApp('/order');
    await user.click(await screen.findByRole('button', { name: 'Pick up order D-SHORT' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Pick up order D-SHORT' }));
    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and pick up' }));
    expect(await sheet.findByText(short)).toBeInTheDocument();
    expect(sheet.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/recharge');
    // The password is typed again after a refusal; no toast covers the sheet.
    expect(screen.getByTestId('pick-pay-password')).toHaveValue('');
    expect(screen.queryByTestId('announcer')).toBeNull();

    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and pick up' }));
    expect(await screen.findByText('1 order picked up')).toBeInTheDocument();
    const [first, second] = picks(calls).map((c) => c.headers.get('Idempotency-Key'));
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('a failed list says why, with a retry; the header button refreshes', async () => {
    logIn();
    let fail = true;
    const { calls } = mockApi({
      ...config,
      [COUNT]: () => counts(1, { 1: 1 }),
      [LIST]: (q) => {
        if (isBadgeCall(q)) return orderPage([], 0, 1, 10);
        return fail ? 'network-error' : orderPage([newOrder({ status: 1, order_no: 'D-BACK' })]);
      },
    });
    await renderApp('/order');
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('No connection to the server');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Order no.: D-BACK')).toBeInTheDocument();

    const before = lists(calls).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(lists(calls).length).toBe(before + 1));
  });
});
