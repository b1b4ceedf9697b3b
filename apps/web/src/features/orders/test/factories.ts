import type { OrderDetail, OrderItem, orderRoutes, RefundItem } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { type Call, ok } from '@dropdesk/test-kit/fake-api';
import { newConfig } from '../../../test/factories';

/** The orders feature's answers for component tests; override what the test cares about. */

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

/** Amounts are written with the platform's currency (USD, $), read from the public config. */
export const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

/** An order awaiting pickup: $115.00 paid for one unit that costs $100.00. */
export function newOrder(over: Partial<OrderItem> = {}): OrderItem {
  const id = next();
  return {
    id,
    order_no: `D2026112${String(id).padStart(4, '0')}`,
    product_id: 500 + id,
    listing_id: 900 + id,
    title: `Product ${id}`,
    image_url: `/uploads/catalogue/p${id}-thumb.webp`,
    quantity: 1,
    price: '115.00',
    total: '115.00',
    cost: '100.00',
    cost_total: '100.00',
    earnings: '15.00',
    refunded: '0.00',
    status: 5,
    settlement: 0,
    refund_status: null,
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}

const noMoney = {
  paid: '0.00',
  paid_at: null,
  in_escrow: '0.00',
  cost_paid: '0.00',
  cost_returned: '0.00',
  refunded: '0.00',
  settled: '0.00',
  sales: '115.00',
  cost: '100.00',
  cost_estimated: true,
  cost_kept: null,
  profit: '15.00',
  profit_final: false,
  settles_at: null,
  settled_at: null,
};

/** An order's detail: paid and awaiting pickup, its receiver masked, unless told otherwise. */
export function newOrderDetail(
  over: Partial<Omit<OrderDetail, 'money'>> & { money?: Partial<OrderDetail['money']> } = {},
): OrderDetail {
  const { money, ...rest } = over;
  const base = newOrder();
  return {
    ...base,
    receiver_name: 'Ng*** V** A',
    receiver_phone: '+84 ***** 1234',
    address: '*** Hà Nội',
    masked: true,
    carrier: null,
    tracking_no: null,
    timeline: [
      { status: 0, at: '2026-11-20T08:00:00.000Z', note: null },
      { status: 5, at: '2026-11-20T08:05:00.000Z', note: null },
    ],
    picked_at: null,
    shipped_at: null,
    reached_at: null,
    received_at: null,
    completed_at: null,
    cancelled_at: null,
    pay_deadline: null,
    rating: null,
    ...rest,
    money: { ...noMoney, paid: '115.00', paid_at: '2026-11-20T08:05:00.000Z', in_escrow: '115.00', ...money },
  };
}

export function newRefund(over: Partial<RefundItem> = {}): RefundItem {
  const id = next();
  return {
    id,
    order_id: 700 + id,
    order_no: `D2026113${String(id).padStart(4, '0')}`,
    title: `Product ${id}`,
    order_total: '115.00',
    amount: '115.00',
    reason: 'It arrived broken.',
    goods_received: true,
    status: 'pending',
    reject_reason: null,
    appeal_statement: null,
    decision_reason: null,
    created_at: '2026-11-21T09:00:00.000Z',
    resolved_at: null,
    ...over,
  };
}

/** A page of a list as the contract's `pageOf` sends it (refund_order's). */
export const page = <T>(list: T[], total = list.length, p = 1, limit = 20) =>
  ok({ total, page: p, limit, list });

/**
 * A page of order/list as the server sends it: `total` exact (not capped at ORDER_COUNT_CAP), and
 * `sums` null (the server adds them only to a figure's filters; give them in `more` for one).
 */
export const orderPage = (
  list: OrderItem[],
  total = list.length,
  p = 1,
  limit = 20,
  more: Partial<Pick<DataOf<typeof orderRoutes.list>, 'total_capped' | 'sums'>> = {},
) =>
  ok({
    total,
    page: p,
    limit,
    list,
    total_capped: false,
    sums: null,
    ...more,
  } satisfies DataOf<typeof orderRoutes.list>);

/** order/orderCount's answer: `all` and each status's count (missing statuses count 0), none capped. */
export const counts = (all: number, byStatus: Record<number, number> = {}) =>
  ok({
    all,
    capped: false,
    statuses: Object.entries(byStatus).map(([status, count]) => ({
      status: Number(status),
      count,
      capped: false,
    })),
  } satisfies DataOf<typeof orderRoutes.orderCount>);

/** The Order tab badge's call (status 5, page 1, limit 10) as opposed to a list page. */
export const isBadgeCall = (call: Call) =>
  call.query.get('status') === '5' && call.query.get('limit') === '10';
