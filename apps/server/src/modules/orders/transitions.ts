import type { OrderStatus } from '@dropdesk/contract/orders';
import type { Db } from '../../db/database';
import type { OrderRow, OrderUpdate } from '../../db/schema';
import { notFound, Refusal } from '../../lib/refusal';
import { isFigureColumn, setsFigureColumns, shopStats } from '../dashboard';
import { type OrderScope, scoped, transitionsRepository } from './transitions.repository';

export { type OrderScope, scoped };

export interface Transition {
  /** The statuses the order may be in; anything else is refused (see `refusal`). */
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Other columns the step sets (times, carrier, money columns). */
  set?: OrderUpdate;
  /**
   * What the columns `set` changes held before, when the step knows (a pickup: not picked, no cost
   * paid; a payment: not paid; settlement: nothing settled): the UPDATE requires them, so the row before the step is known
   * without reading it, for the dashboard's rollups (see `moveOrder`).
   */
  was?: Partial<
    Pick<OrderRow, 'paid_at' | 'picked_at' | 'cost_paid' | 'cost_returned' | 'refunded' | 'settled_amount'>
  >;
  /** The timeline row: a shipping note, the operator who recorded it. */
  note?: string | null;
  operatorId?: number | null;
  /** The refusal when the order is in another status (default ORDER_STATUS_CHANGED). */
  refusal?: 'ORDER_STATUS_CHANGED' | 'ORDER_NOT_AWAITING_PICKUP';
}

/**
 * The one way an order changes status (docs/design.md §5 "Orders"): one conditional UPDATE from the allowed
 * statuses to the next, inside the caller's transaction, and the timeline row of the new status.
 * Of two requests racing on one order (two pickups, a pickup and a cancellation, a refund and a
 * settlement), exactly one finds the order where it expects it; the other is refused and, its
 * transaction rolled back, changes nothing. An order outside the scope is NOT_FOUND, like a
 * missing one, so another shop's or buyer's order looks like none.
 *
 * A step that can change the shop's figures updates the dashboard's rollups in this transaction by
 * the difference between the row before and after (dashboard/shop-stats.ts). The row before is
 * known from the row after when the step says what the columns it sets held (`was`, which the
 * UPDATE then requires: a payment, a pickup) or when it sets none of the figures' columns and only
 * reaches −1 (a cancellation: the figures read of the status only whether it is −1); otherwise (a
 * refund) the step reads the row first, locked (`setsFigureColumns`).
 */
export async function moveOrder(
  tx: Db,
  id: number,
  scope: OrderScope,
  step: Transition,
  at: number,
): Promise<OrderRow> {
  if (!tx.isTransaction) throw new Error('moveOrder() needs a transaction');
  const figures = setsFigureColumns(step.set);
  const was: Record<string, unknown> = step.was ?? {};
  // The row before is the row after with `was` and a status of `from` (none −1, so which one does
  // not matter to the figures): every figure column the step sets is in `was`.
  const known =
    !step.from.includes(-1) &&
    Object.keys(step.set ?? {}).every((column) => !isFigureColumn(column) || was[column] !== undefined);
  let before: OrderRow | undefined;
  if (!known) {
    before = await transitionsRepository.lockedRow(tx, id, scope);
    if (!before) throw notFound();
    if (!step.from.includes(before.status)) throw new Refusal(step.refusal ?? 'ORDER_STATUS_CHANGED');
  }
  const row = await transitionsRepository.moveIfIn(tx, id, scope, step, was, at);
  if (!row) {
    const exists = await transitionsRepository.existsIn(tx, id, scope);
    throw exists ? new Refusal(step.refusal ?? 'ORDER_STATUS_CHANGED') : notFound();
  }
  if (before) await shopStats.orderChanged(tx, before, row);
  else if (figures || step.to === -1)
    await shopStats.orderChanged(tx, { ...row, ...step.was, status: step.from[0]! }, row);
  await recordEvent(tx, id, step.to, at, step.note ?? null, step.operatorId ?? null);
  return row;
}

/** A timeline row without a status change (a note on the current status). */
export async function recordEvent(
  tx: Db,
  orderId: number,
  status: OrderStatus,
  at: number,
  note: string | null = null,
  operatorId: number | null = null,
): Promise<void> {
  await transitionsRepository.insertEvent(tx, {
    order_id: orderId,
    status,
    note,
    operator_id: operatorId,
    at,
  });
}

/**
 * Changes money or settlement columns of an order without a status change, only while it is in
 * `from` (a refund's columns, settlement): the same race rule as `moveOrder`, and, like it, the
 * dashboard's rollups moved by the difference when a column the figures read changes.
 */
export async function updateOrderIn(
  tx: Db,
  id: number,
  from: readonly OrderStatus[],
  set: OrderUpdate,
  at: number,
  where: Partial<Pick<OrderRow, 'settlement' | 'refund_open'>> = {},
): Promise<OrderRow> {
  const before = setsFigureColumns(set) ? await transitionsRepository.lockedRow(tx, id, {}) : undefined;
  const row = await transitionsRepository.updateIfIn(tx, id, from, set, at, where);
  if (!row) throw new Refusal('ORDER_STATUS_CHANGED');
  if (before) await shopStats.orderChanged(tx, before, row);
  return row;
}
