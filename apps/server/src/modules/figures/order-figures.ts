import type { OrderRow } from '../../db/schema';

/*
 * How one order counts in the merchant's figures (docs/figures.md "Orders basis"): pure functions of
 * the order's row, shared by the order views (modules/orders) and the per-shop rollups
 * (modules/dashboard), which the order's own transitions keep.
 */

/**
 * The cost an order carries for the merchant (docs/figures.md "Orders basis"): what pickup paid net
 * of what a refund returned, once picked up or cancelled; the order's cost while it still awaits
 * pickup (an estimate: not paid yet).
 */
export function costOf(
  order: Pick<OrderRow, 'status' | 'cost_total' | 'cost_paid' | 'cost_returned'>,
): number {
  if (order.status === -1 || order.cost_paid > 0) return order.cost_paid - order.cost_returned;
  return order.cost_total;
}

/** Whether `costOf` is an estimate: the order has not been picked up (nor cancelled), so nothing was paid yet. */
export function isCostEstimated(order: Pick<OrderRow, 'status' | 'cost_paid'>): boolean {
  return order.status !== -1 && order.cost_paid === 0;
}

/**
 * What an order earns the merchant: what the buyer paid and keeps paid (total − refunded) less the
 * cost it carries (`costOf`); a cancelled order earns nothing, or loses a cost paid and not returned
 * (its buyer got everything back, so its sales are 0 too, and earnings = sales − cost holds for
 * every paid order).
 */
export function earningsOf(
  order: Pick<OrderRow, 'status' | 'total' | 'refunded' | 'cost_total' | 'cost_paid' | 'cost_returned'>,
): number {
  if (order.status === -1) return 0 - costOf(order);
  return order.total - order.refunded - costOf(order);
}

/** What escrow still holds for an order. */
export function inEscrow(order: Pick<OrderRow, 'paid_at' | 'total' | 'refunded' | 'settled_amount'>): number {
  return order.paid_at === null ? 0 : order.total - order.refunded - order.settled_amount;
}
