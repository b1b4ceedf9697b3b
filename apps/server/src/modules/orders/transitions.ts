import type { OrderStatus } from '@dropdesk/contract/orders';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { notFound, Refusal } from '../../lib/refusal';

export type OrderRow = Selectable<OrdersTable>;

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
 * The one way an order changes status (DESIGN §5 "Orders"): one conditional UPDATE from the allowed
 * statuses to the next, inside the caller's transaction, and the timeline row of the new status.
 * Of two requests racing on one order (two pickups, a pickup and a cancellation, a refund and a
 * settlement), exactly one finds the order where it expects it; the other is refused and, its
 * transaction rolled back, changes nothing. An order outside the scope is NOT_FOUND, like a
 * missing one, so another shop's or buyer's order looks like none.
 */
export async function moveOrder(
  tx: Db,
  id: number,
  scope: OrderScope,
  step: Transition,
  at: number,
): Promise<OrderRow> {
  if (!tx.isTransaction) throw new Error('moveOrder() needs a transaction');
  const update = scoped(
    tx
      .updateTable('orders')
      .set({ ...step.set, status: step.to, updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', [...step.from]),
    scope,
  );
  const row = await update.returningAll().executeTakeFirst();
  if (!row) {
    const exists = await scoped(
      tx.selectFrom('orders').select('id').where('id', '=', id),
      scope,
    ).executeTakeFirst();
    throw exists ? new Refusal(step.refusal ?? 'ORDER_STATUS_CHANGED') : notFound();
  }
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
 * `from` (a refund's columns, settlement): the same race rule as `moveOrder`.
 */
export async function updateOrderIn(
  tx: Db,
  id: number,
  from: readonly OrderStatus[],
  set: Updateable<OrdersTable>,
  at: number,
  where: Partial<Pick<OrderRow, 'settlement' | 'refund_open'>> = {},
): Promise<OrderRow> {
  let update = tx
    .updateTable('orders')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (where.settlement !== undefined) update = update.where('settlement', '=', where.settlement);
  if (where.refund_open !== undefined) update = update.where('refund_open', '=', where.refund_open);
  const row = await update.returningAll().executeTakeFirst();
  if (!row) throw new Refusal('ORDER_STATUS_CHANGED');
  return row;
}
