import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';
import { config, newOrderDetail } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const details = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/order/detail');

describe('order detail', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('awaiting pickup: the receiver masked and why, the money held in escrow, the cost still to pay, pickup offered', async () => {
    logIn();
    const order = newOrderDetail({ order_no: 'D-MASKED', title: 'Desk lamp' });
    const { calls } = mockApi({ ...config, 'GET /merchant/order/detail': () => ok(order) });
    await renderApp(`/orderDetail?id=${order.id}`);
    expect(await screen.findByRole('heading', { name: 'Desk lamp' })).toBeInTheDocument();
    expect(details(calls)[0]?.query.get('id')).toBe(String(order.id));
    expect(document.title).toBe('Order detail · Dropdesk');

    const receiver = screen.getByTestId('receiver');
    expect(receiver).toHaveTextContent('NameNg*** V** A');
    expect(receiver).toHaveTextContent('Phone+84 ***** 1234');
    expect(within(receiver).getByTestId('masked-note')).toHaveTextContent(
      'partly hidden until you pick up the order',
    );

    const trail = within(screen.getByTestId('money-trail'));
    await waitFor(() =>
      expect(trail.getByTestId('money-now')).toHaveTextContent(
        '$115.00 is held in escrow until the buyer receives the order and the after-sales window closes.',
      ),
    );
    expect(trail.getByTestId('trail-paid')).toHaveTextContent('Paid by the buyer$115.00');
    expect(trail.getByTestId('trail-paid')).toHaveAttribute('data-state', 'done');
    expect(trail.getByTestId('trail-escrow')).toHaveTextContent('In escrowNow$115.00');
    expect(trail.getByTestId('trail-escrow')).toHaveAttribute('data-state', 'current');
    // The cost is the merchant's next move: paid at pickup (an estimate until then).
    expect(trail.getByTestId('trail-cost')).toHaveTextContent(
      'Cost to pay at pickup (estimate)Now−$100.00Paid when you pick up the order',
    );
    expect(trail.getByTestId('trail-cost')).toHaveAttribute('data-state', 'current');
    expect(trail.getByTestId('trail-settled')).toHaveAttribute('data-state', 'todo');
    expect(trail.queryByTestId('trail-refunded')).toBeNull();
    // Home's and the finance report's names: sales − cost = the result.
    expect(trail.getByTestId('result-sales')).toHaveTextContent('$115.00');
    expect(screen.getByTestId('money-result')).toHaveTextContent('Cost (orders) (estimate)−$100.00');
    expect(screen.getByTestId('money-trail')).toHaveTextContent('Expected result for you$15.00');
    expect(trail.getByTestId('profit')).toHaveAttribute('data-sign', 'plus');

    const timeline = screen.getByTestId('timeline');
    expect(timeline).toHaveTextContent('Waiting for payment');
    expect(timeline).toHaveTextContent('Awaiting pickup');
    expect(screen.getByTestId('shipping')).toHaveTextContent('Not shipped yet');
    expect(screen.getByRole('button', { name: 'Pick up' })).toBeInTheDocument();
  });

  it('settled: the receiver in full, tracking, the timeline, and the money trail from payment to the wallet', async () => {
    logIn();
    const order = newOrderDetail({
      status: 4,
      settlement: 2,
      masked: false,
      receiver_name: 'Nguyễn Văn An',
      receiver_phone: '+84 912 341 234',
      address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
      carrier: 'VNPost',
      tracking_no: 'VN123456789',
      picked_at: '2026-11-20T09:00:00.000Z',
      shipped_at: '2026-11-21T09:00:00.000Z',
      timeline: [
        { status: 0, at: '2026-11-20T08:00:00.000Z', note: null },
        { status: 5, at: '2026-11-20T08:05:00.000Z', note: null },
        { status: 1, at: '2026-11-20T09:00:00.000Z', note: null },
        { status: 2, at: '2026-11-21T09:00:00.000Z', note: null },
        { status: 6, at: '2026-11-22T09:00:00.000Z', note: 'Arrived at Hanoi hub' },
        { status: 7, at: '2026-11-23T09:00:00.000Z', note: null },
        { status: 3, at: '2026-11-24T09:00:00.000Z', note: null },
        { status: 4, at: '2026-11-27T09:00:00.000Z', note: null },
      ],
      money: {
        in_escrow: '0.00',
        cost_paid: '100.00',
        cost_estimated: false,
        settled: '115.00',
        profit: '15.00',
        profit_final: true,
        settles_at: '2026-11-27T09:00:00.000Z',
        settled_at: '2026-11-27T09:00:00.000Z',
      },
    });
    mockApi({ ...config, 'GET /merchant/order/detail': () => ok(order) });
    await renderApp(`/orderDetail?id=${order.id}`);
    const receiver = await screen.findByTestId('receiver');
    expect(receiver).toHaveTextContent('Nguyễn Văn An');
    expect(receiver).toHaveTextContent('12 Hàng Bạc, Hoàn Kiếm, Hà Nội');
    expect(within(receiver).queryByTestId('masked-note')).toBeNull();
    expect(screen.getByTestId('shipping')).toHaveTextContent('CarrierVNPost');
    expect(screen.getByTestId('shipping')).toHaveTextContent('Tracking numberVN123456789');

    const trail = within(screen.getByTestId('money-trail'));
    await waitFor(() =>
      expect(trail.getByTestId('money-now')).toHaveTextContent('Settled: $115.00 was paid into your wallet.'),
    );
    expect(trail.getByTestId('trail-escrow')).toHaveAttribute('data-state', 'done');
    expect(trail.getByTestId('trail-cost')).toHaveTextContent('Cost paid at pickup−$100.00Nov 20, 2026');
    expect(trail.getByTestId('trail-settled')).toHaveTextContent('Settled into wallet+$115.00Nov 27, 2026');
    expect(trail.getByTestId('profit')).toHaveTextContent('$15.00');
    expect(screen.getByTestId('money-trail')).toHaveTextContent('Result for you$15.00');
    expect(screen.getByTestId('money-trail')).not.toHaveTextContent('Expected result');

    const timeline = screen.getByTestId('timeline');
    for (const label of ['Shipped', 'In transit', 'Arrived at Hanoi hub', 'Reached', 'Received', 'Completed'])
      expect(timeline).toHaveTextContent(label);
    expect(screen.queryByRole('button', { name: 'Pick up' })).toBeNull();
  });

  it('a refund before shipping: the buyer refunded from escrow, the cost back in the wallet and why, nothing lost', async () => {
    logIn();
    const order = newOrderDetail({
      status: -1,
      refund_status: 'approved',
      picked_at: '2026-11-20T09:00:00.000Z',
      money: {
        in_escrow: '0.00',
        cost_paid: '100.00',
        cost_returned: '100.00',
        refunded: '115.00',
        sales: '0.00',
        cost: '0.00',
        cost_estimated: false,
        profit: '0.00',
        profit_final: true,
      },
    });
    mockApi({ ...config, 'GET /merchant/order/detail': () => ok(order) });
    await renderApp(`/orderDetail?id=${order.id}`);
    const trail = within(await screen.findByTestId('money-trail'));
    await waitFor(() =>
      expect(trail.getByTestId('money-now')).toHaveTextContent(
        'The buyer got $115.00 back from escrow and the $100.00 you paid at pickup came back to your wallet: this order cost you nothing.',
      ),
    );
    expect(trail.getByTestId('trail-refunded')).toHaveTextContent(
      'Refunded to the buyer from escrow−$115.00',
    );
    expect(trail.getByTestId('trail-cost-returned')).toHaveTextContent(
      'Cost returned+$100.00Returned: the refund came before the goods shipped.',
    );
    expect(trail.queryByTestId('trail-settled')).toBeNull();
    expect(trail.getByTestId('profit')).toHaveTextContent('$0.00');
    // Nothing lost is neither green nor red.
    expect(trail.getByTestId('profit')).toHaveAttribute('data-sign', 'zero');
    // A cancelled order's result is final: nothing more can come in.
    expect(screen.getByTestId('money-trail')).toHaveTextContent('Result for you$0.00');
    expect(screen.getByRole('link', { name: 'Refund requests' })).toHaveAttribute('href', '/refundRequest');
  });

  it('a shipped order refunded in full: who bore what, the cost kept and why, a loss never in green', async () => {
    logIn();
    // The evidence of a reported mismatch: 18.63 paid, shipped, refunded in full; 16.20 paid at pickup.
    const order = newOrderDetail({
      status: 7,
      refund_status: 'approved',
      total: '18.63',
      cost_total: '16.20',
      earnings: '-16.20',
      picked_at: '2026-11-27T05:55:00.000Z',
      shipped_at: '2026-11-27T05:56:00.000Z',
      money: {
        paid: '18.63',
        in_escrow: '0.00',
        cost_paid: '16.20',
        refunded: '18.63',
        sales: '0.00',
        cost: '16.20',
        cost_estimated: false,
        cost_kept: 'shipped',
        profit: '-16.20',
        profit_final: true,
      },
    });
    mockApi({ ...config, 'GET /merchant/order/detail': () => ok(order) });
    await renderApp(`/orderDetail?id=${order.id}`);
    const trail = within(await screen.findByTestId('money-trail'));
    await waitFor(() =>
      expect(trail.getByTestId('money-now')).toHaveTextContent(
        'The buyer got $18.63 back from escrow. The $16.20 you paid at pickup did not come back, because the goods had shipped: this order cost you $16.20.',
      ),
    );
    expect(trail.getByTestId('trail-paid')).toHaveTextContent('Paid by the buyer$18.63');
    expect(trail.getByTestId('trail-refunded')).toHaveTextContent('Refunded to the buyer from escrow−$18.63');
    expect(trail.getByTestId('trail-cost')).toHaveTextContent(
      'Cost paid at pickup−$16.20Nov 27, 2026, 5:55 AMNot returned: the goods had shipped before the refund, so the supplier keeps the cost.',
    );
    expect(trail.queryByTestId('trail-cost-returned')).toBeNull();
    expect(trail.queryByTestId('trail-settled')).toBeNull();
    expect(trail.getByTestId('result-sales')).toHaveTextContent('$0.00');
    expect(trail.getByTestId('result-cost')).toHaveTextContent('−$16.20');
    expect(trail.getByTestId('profit')).toHaveTextContent('-$16.20');
    expect(trail.getByTestId('profit')).toHaveAttribute('data-sign', 'minus');
    expect(screen.getByTestId('money-trail')).toHaveTextContent('Result for you-$16.20');
    // The order's own figures: its profit drawn as a loss, not a gain.
    const earnings = screen.getByTestId('order-earnings');
    expect(earnings).toHaveTextContent('-$16.20');
    expect(earnings.parentElement).toHaveAttribute('data-sign', 'minus');
  });

  it('pickup from the detail: the summary, then the order as it is now (unmasked)', async () => {
    logIn();
    const masked = newOrderDetail({ order_no: 'D-DETAIL' });
    let picked = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/order/detail': () =>
        ok(
          picked
            ? {
                ...masked,
                status: 1,
                masked: false,
                receiver_name: 'Nguyễn Văn An',
                picked_at: '2026-11-20T09:00:00.000Z',
                money: { ...masked.money, cost_paid: '100.00' },
              }
            : masked,
        ),
      'POST /merchant/order/pick': () => {
        picked = true;
        return ok({ order: { ...masked, status: 1 }, balance: '400.00' });
      },
    });
    await renderApp(`/orderDetail?id=${masked.id}`);
    await user.click(await screen.findByRole('button', { name: 'Pick up' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Pick up order D-DETAIL' }));
    fireEvent.change(screen.getByTestId('pick-pay-password'), { target: { value: '123456' } });
    await user.click(sheet.getByRole('button', { name: 'Pay and pick up' }));
    expect(await screen.findByText('1 order picked up')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('receiver')).toHaveTextContent('Nguyễn Văn An'));
    expect(screen.queryByTestId('masked-note')).toBeNull();
    expect(details(calls).length).toBe(2);
    expect(calls.find((c) => c.method === 'POST')?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a failed load says why, with a retry; an address without an id asks for nothing', async () => {
    logIn();
    const order = newOrderDetail();
    let tries = 0;
    mockApi({
      ...config,
      'GET /merchant/order/detail': () => (++tries <= 2 ? 'network-error' : ok(order)),
    });
    const { router } = await renderApp(`/orderDetail?id=${order.id}`);
    const alert = await screen.findByRole('alert', {});
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('money-trail')).toBeInTheDocument();

    await router.navigate('/orderDetail?id=abc');
    expect(await screen.findByText("This order doesn't exist.")).toBeInTheDocument();
    expect(tries).toBe(3);
  });

  it("another shop's order (NOT_FOUND) says it doesn't exist, without a pointless retry", async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/order/detail': () => refusal('NOT_FOUND', 'Not found'),
    });
    await renderApp('/orderDetail?id=99');
    expect(await screen.findByText("This order doesn't exist.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
