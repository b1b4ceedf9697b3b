import { formatMoney } from '@dropdesk/contract/money';
import {
  AFTER_SALES_MS,
  type OrderDetail,
  type OrderItem,
  type RefundStatus,
} from '@dropdesk/contract/orders';
import type { OrderRow } from '../../db/schema';
import { iso } from '../../lib/clock';
import { costOf, earningsOf, inEscrow, isCostEstimated } from '../figures';
import type { OrderEventRow, RefundRow } from './orders.repository';

/**
 * How an order reads on the wire: the merchant's list and detail, the operator's, the buyer's.
 * Amounts are the order's own columns (prices of its day, money columns kept beside its journals).
 */

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function orderItemOf(order: OrderRow, refundStatus: RefundStatus | null): OrderItem {
  return {
    id: order.id,
    order_no: order.order_no,
    product_id: order.product_id,
    listing_id: order.listing_id,
    title: order.title,
    image_url: order.image_url,
    quantity: order.quantity,
    price: formatMoney(order.unit_price),
    total: formatMoney(order.total),
    cost: formatMoney(order.unit_cost),
    cost_total: formatMoney(order.cost_total),
    earnings: formatMoney(earningsOf(order)),
    refunded: formatMoney(order.refunded),
    status: order.status,
    settlement: order.settlement,
    refund_status: refundStatus,
    created_at: iso(order.created_at),
  };
}

/**
 * Where the order's money is and who bore what (contract `moneyTrail`), in the names Home and the
 * finance report use: paid − refunded = sales; sales − cost = profit. A cost paid at pickup that a
 * refund did not return says why (the goods had shipped: docs/design.md §5 "Refunds").
 */
export function moneyTrailOf(order: OrderRow): OrderDetail['money'] {
  const paid = order.paid_at === null ? 0 : order.total;
  const kept = order.cost_paid - order.cost_returned;
  return {
    paid: formatMoney(paid),
    paid_at: isoOrNull(order.paid_at),
    in_escrow: formatMoney(inEscrow(order)),
    cost_paid: formatMoney(order.cost_paid),
    cost_returned: formatMoney(order.cost_returned),
    refunded: formatMoney(order.refunded),
    settled: formatMoney(order.settled_amount),
    // An order not paid yet expects its total (like its profit); a cancelled one keeps nothing.
    sales: formatMoney((order.status === -1 ? paid : order.total) - order.refunded),
    cost: formatMoney(costOf(order)),
    cost_estimated: isCostEstimated(order),
    cost_kept: order.refunded > 0 && kept > 0 && order.shipped_at !== null ? 'shipped' : null,
    profit: formatMoney(earningsOf(order)),
    // Final once nothing more can move: settled, cancelled, or all of it given back to the buyer.
    profit_final: order.settlement === 2 || order.status === -1 || (paid > 0 && order.refunded === paid),
    settles_at: isoOrNull(
      order.settles_at ?? (order.received_at === null ? null : order.received_at + AFTER_SALES_MS),
    ),
    settled_at: isoOrNull(order.settled_at),
  };
}

export function timelineOf(events: readonly OrderEventRow[]): OrderDetail['timeline'] {
  return events.map((e) => ({ status: e.status, at: iso(e.at), note: e.note }));
}

/** "Nguyễn Văn An" → "N***"; keeps the first character of the name only. */
export function maskName(name: string): string {
  const first = [...name.trim()][0] ?? '';
  return `${first}***`;
}

/** "+84 901 234 567" → "*** 4567": the last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `*** ${digits.slice(-4)}`;
}

/** "12 Lê Lợi, Quận 1, Hồ Chí Minh" → "***, Hồ Chí Minh": the last part (the city) only. */
export function maskAddress(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 1 ? `***, ${parts.at(-1)}` : '***';
}

/** The buyer's rating of an order, once given. */
export function ratingOf(order: Pick<OrderRow, 'rating_stars' | 'rating_comment' | 'rated_at'>) {
  return order.rating_stars === null || order.rated_at === null
    ? null
    : { stars: order.rating_stars, comment: order.rating_comment ?? '', at: iso(order.rated_at) };
}

/** Whether the merchant sees the receiver masked: until the order is picked up (docs/design.md §5). */
export function isMaskedForMerchant(order: Pick<OrderRow, 'picked_at'>): boolean {
  return order.picked_at === null;
}

/** The order's detail as a merchant (masked until picked up) or an operator (`unmasked`) reads it. */
export function orderDetailOf(
  order: OrderRow,
  events: readonly OrderEventRow[],
  refund: Pick<RefundRow, 'status'> | null,
  options: { unmasked?: boolean } = {},
): OrderDetail {
  const masked = !options.unmasked && isMaskedForMerchant(order);
  return {
    ...orderItemOf(order, refund?.status ?? null),
    receiver_name: masked ? maskName(order.receiver_name) : order.receiver_name,
    receiver_phone: masked ? maskPhone(order.receiver_phone) : order.receiver_phone,
    address: masked ? maskAddress(order.address) : order.address,
    masked,
    carrier: order.carrier,
    tracking_no: order.tracking_no,
    timeline: timelineOf(events),
    picked_at: isoOrNull(order.picked_at),
    shipped_at: isoOrNull(order.shipped_at),
    reached_at: isoOrNull(order.reached_at),
    received_at: isoOrNull(order.received_at),
    completed_at: isoOrNull(order.completed_at),
    cancelled_at: isoOrNull(order.cancelled_at),
    pay_deadline: isoOrNull(order.pay_deadline),
    money: moneyTrailOf(order),
    rating: ratingOf(order),
  };
}

/** A refund row on the wire (contract `refundItem`), with its order's number, title and total. */
export function refundItemOf(refund: RefundRow, order: Pick<OrderRow, 'order_no' | 'title' | 'total'>) {
  return {
    id: refund.id,
    order_id: refund.order_id,
    order_no: order.order_no,
    title: order.title,
    order_total: formatMoney(order.total),
    amount: formatMoney(refund.amount),
    reason: refund.reason,
    goods_received: refund.goods_received === 1,
    status: refund.status,
    reject_reason: refund.reject_reason,
    appeal_statement: refund.appeal_statement,
    decision_reason: refund.decision_reason,
    created_at: iso(refund.created_at),
    resolved_at: isoOrNull(refund.resolved_at),
  };
}
