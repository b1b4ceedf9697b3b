import type { OrderStatus } from '@dropdesk/contract/orders';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { OrderRow, OrderUpdate } from '../../db/schema';

// The queries of an order's status changes (transitions.ts decides which to run and what a missing
// row means; these are its statements, run on the caller's transaction).

/** Whose order a transition may touch: the shop's, the buyer's, or (operators, jobs) any. */
export interface OrderScope {
  merchantId?: number;
  buyerId?: number;
  /** sha256 of a guest's order link token. */
  tokenHash?: string;
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

export const transitionsRepository = {
  /**
   * The order as it is before a change that moves its figures, its row locked until the transaction
   * ends (PostgreSQL `for update`; SQLite has one writer, whose transaction nobody else's interleaves):
   * what the dashboard's rollups take away before adding what the changed row contributes.
   */
  lockedRow(tx: Db, id: number, scope: OrderScope): Promise<OrderRow | undefined> {
    const q = scoped(tx.selectFrom('orders').selectAll().where('id', '=', id), scope);
    return (isPostgres(tx) ? q.forUpdate() : q).executeTakeFirst();
  },

  /**
   * moveOrder's one conditional UPDATE: the order in scope, in one of the `from` statuses and
   * (`was`) holding what the step expects, moved to `to`; undefined when no row matched.
   */
  moveIfIn(
    tx: Db,
    id: number,
    scope: OrderScope,
    step: { from: readonly OrderStatus[]; to: OrderStatus; set?: OrderUpdate },
    was: Record<string, unknown>,
    at: number,
  ): Promise<OrderRow | undefined> {
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
    return update.returningAll().executeTakeFirst();
  },

  /** Whether the order exists in the scope (after an UPDATE matched nothing: refused, or not found). */
  existsIn(tx: Db, id: number, scope: OrderScope) {
    return scoped(tx.selectFrom('orders').select('id').where('id', '=', id), scope).executeTakeFirst();
  },

  /** A timeline row. */
  async insertEvent(
    tx: Db,
    event: {
      order_id: number;
      status: OrderStatus;
      note: string | null;
      operator_id: number | null;
      at: number;
    },
  ): Promise<void> {
    await tx.insertInto('order_events').values(event).execute();
  },

  /** updateOrderIn's conditional UPDATE; undefined when no row matched. */
  updateIfIn(
    tx: Db,
    id: number,
    from: readonly OrderStatus[],
    set: OrderUpdate,
    at: number,
    where: Partial<Pick<OrderRow, 'settlement' | 'refund_open'>>,
  ): Promise<OrderRow | undefined> {
    let update = tx
      .updateTable('orders')
      .set({ ...set, updated_at: at })
      .where('id', '=', id)
      .where('status', 'in', [...from]);
    if (where.settlement !== undefined) update = update.where('settlement', '=', where.settlement);
    if (where.refund_open !== undefined) update = update.where('refund_open', '=', where.refund_open);
    return update.returningAll().executeTakeFirst();
  },
};
