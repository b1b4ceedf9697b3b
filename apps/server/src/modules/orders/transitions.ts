import type { OrderStatus } from '@dropdesk/contract/orders';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { OrderRow, OrdersTable } from '../../db/schema';
import { notFound, Refusal } from '../../lib/refusal';
import { isFigureColumn, setsFigureColumns, shopStats } from '../dashboard';

/** Whose order a transition may touch: the shop's, the buyer's, or (operators, jobs) any. */
export interface OrderScope {
  merchantId?: number;
  buyerId?: number;
  /** sha256 of a guest's order link token. */
  tokenHash?: string;
}

export interface Transition {
  /** The statuses the order may be in; anything else is refused (see `refusal`). */
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Other columns the step sets (times, carrier, money columns). */
  set?: Updateable<OrdersTable>;
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

/** Narrows an order query to a scope. */
// biome-ignore lint/suspicious/noExplicitAny: shared by the UPDATE and SELECT builders of `orders`
export function scoped<Q extends { where: (...args: any[]) => Q }>(query: Q, scope: OrderScope): Q {
  let q = query;
  if (scope.merchantId !== undefined) q = q.where('merchant_id', '=', scope.merchantId);
  if (scope.buyerId !== undefined) q = q.where('buyer_id', '=', scope.buyerId);
  if (scope.tokenHash !== undefined) q = q.where('token_hash', '=', scope.tokenHash);
  return q;
}

/**
 * The order as it is before a change that moves its figures, its row locked until the transaction
 * ends (PostgreSQL `for update`; SQLite has one writer, whose transaction nobody else's interleaves):
 * what the dashboard's rollups take away before adding what the changed row contributes.
 */
function lockedRow(tx: Db, id: number, scope: OrderScope): Promise<OrderRow | undefined> {
  const q = scoped(tx.selectFrom('orders').selectAll().where('id', '=', id), scope);
  return (isPostgres(tx) ? q.forUpdate() : q).executeTakeFirst();
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
    before = await lockedRow(tx, id, scope);
    if (!before) throw notFound();
    if (!step.from.includes(before.status)) throw new Refusal(step.refusal ?? 'ORDER_STATUS_CHANGED');
  }
  let update = scoped(
    tx
      .updateTable('orders')
      .set({ ...step.set, status: step.to, updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', [...step.from]),
    scope,
  );
  for (const [column, value] of Object.entries(was))
    update = update.where(sql.ref(column), value === null ? 'is' : '=', value);
  const row = await update.returningAll().executeTakeFirst();
  if (!row) {
    const exists = await scoped(
      tx.selectFrom('orders').select('id').where('id', '=', id),
      scope,
    ).executeTakeFirst();
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
  await tx
    .insertInto('order_events')
    .values({ order_id: orderId, status, note, operator_id: operatorId, at })
    .execute();
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
  set: Updateable<OrdersTable>,
  at: number,
  where: Partial<Pick<OrderRow, 'settlement' | 'refund_open'>> = {},
): Promise<OrderRow> {
  const before = setsFigureColumns(set) ? await lockedRow(tx, id, {}) : undefined;
  let update = tx
    .updateTable('orders')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (where.settlement !== undefined) update = update.where('settlement', '=', where.settlement);
  if (where.refund_open !== undefined) update = update.where('refund_open', '=', where.refund_open);
  const row = await update.returningAll().executeTakeFirst();
  if (!row) throw new Refusal('ORDER_STATUS_CHANGED');
  if (before) await shopStats.orderChanged(tx, before, row);
  return row;
}
