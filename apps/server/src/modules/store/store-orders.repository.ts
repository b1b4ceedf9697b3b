import type { OrderStatus } from '@dropdesk/contract/orders';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderEventsTable, OrderRow, OrdersTable, RefundsTable } from '../../db/schema';
import { type OrderScope, scoped } from '../orders';

export type RefundRow = Selectable<RefundsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

/** What checkout reads of a listing: the listing, its product and its shop. */
export interface SaleRow {
  listing_id: number;
  listing_status: string;
  merchant_id: number;
  merchant_status: string;
  product_id: number;
  active: number;
  cost: number;
  stock: number;
  main_lang: string;
  margin_bps: number | null;
}

/**
 * The buyer's side of `orders` and what an order touches in the catalogue (stock, sales counters).
 * Status changes go through orders/transitions.ts (`moveOrder`); the rules are the services'.
 */
export const storeOrdersRepository = {
  /** A listing with its product, shop and the shop's margin (null: no level row). */
  sale(db: Db, listingId: number): Promise<SaleRow | undefined> {
    return db
      .selectFrom('listings as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('merchants as m', 'm.id', 'l.merchant_id')
      .leftJoin('merchant_levels as ml', 'ml.merchant_id', 'l.merchant_id')
      .select([
        'l.id as listing_id',
        'l.status as listing_status',
        'l.merchant_id',
        'm.status as merchant_status',
        'p.id as product_id',
        'p.active',
        'p.cost',
        'p.stock',
        'p.main_lang',
        'ml.margin_bps',
      ])
      .where('l.id', '=', listingId)
      .executeTakeFirst();
  },

  insert(tx: Db, values: Insertable<OrdersTable>): Promise<OrderRow> {
    return tx.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async setOrderNo(tx: Db, id: number, orderNo: string): Promise<OrderRow> {
    return tx
      .updateTable('orders')
      .set({ order_no: orderNo })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** One order within a scope (the buyer's, or the guest link's); undefined outside it. */
  one(db: Db, id: number, scope: OrderScope): Promise<OrderRow | undefined> {
    return scoped(db.selectFrom('orders').selectAll().where('id', '=', id), scope).executeTakeFirst();
  },

  /** A page of a buyer's orders, newest first. */
  async pageOfBuyer(db: Db, buyerId: number, paging: { page: number; limit: number }) {
    const [count, rows] = await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .selectAll()
        .where('buyer_id', '=', buyerId)
        .orderBy('id', 'desc')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
    ]);
    return { total: Number(count.n), rows };
  },

  /** The timelines of the orders named, oldest step first. */
  async events(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderEventRow[]>> {
    const out = new Map<number, OrderEventRow[]>();
    if (!orderIds.length) return out;
    const rows = await db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', 'in', [...new Set(orderIds)])
      .orderBy('id', 'asc')
      .execute();
    for (const r of rows) {
      const list = out.get(r.order_id) ?? [];
      list.push(r);
      out.set(r.order_id, list);
    }
    return out;
  },

  async refunds(db: Db, orderIds: readonly number[]): Promise<Map<number, RefundRow>> {
    if (!orderIds.length) return new Map();
    const rows = await db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', 'in', [...new Set(orderIds)])
      .execute();
    return new Map(rows.map((r) => [r.order_id, r]));
  },

  /** The shop names of the merchants named. */
  async shopNames(db: Db, merchantIds: readonly number[]): Promise<Map<number, string>> {
    if (!merchantIds.length) return new Map();
    const rows = await db
      .selectFrom('shops')
      .select(['merchant_id', 'name'])
      .where('merchant_id', 'in', [...new Set(merchantIds)])
      .execute();
    return new Map(rows.map((r) => [r.merchant_id, r.name]));
  },

  /** Rates an order once, while it is received or completed; undefined when that did not hold. */
  rate(
    tx: Db,
    id: number,
    scope: OrderScope,
    rating: { stars: number; comment: string },
    now: number,
  ): Promise<OrderRow | undefined> {
    return scoped(
      tx
        .updateTable('orders')
        .set({ rating_stars: rating.stars, rating_comment: rating.comment, rated_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', [3, 4])
        .where('rating_stars', 'is', null),
      scope,
    )
      .returningAll()
      .executeTakeFirst();
  },

  /** A refund asked, once per order (the unique order_id): false when one exists already. */
  async insertRefund(
    tx: Db,
    values: {
      orderId: number;
      merchantId: number;
      amount: number;
      reason: string;
      goodsReceived: boolean;
      now: number;
    },
  ): Promise<boolean> {
    const r = await tx
      .insertInto('refunds')
      .values({
        order_id: values.orderId,
        merchant_id: values.merchantId,
        amount: values.amount,
        reason: values.reason,
        goods_received: values.goodsReceived ? 1 : 0,
        reject_reason: null,
        appeal_statement: null,
        decision_reason: null,
        operator_id: null,
        journal_id: null,
        appealed_at: null,
        resolved_at: null,
        created_at: values.now,
        updated_at: values.now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /**
   * Opens the order's refund: refund_open 0 → 1 while the order is in `from` and not settled, in
   * one conditional UPDATE on the order's row, the same row settlement moves: a refund asked and a
   * settlement of one order can't both pass.
   */
  async openRefund(
    tx: Db,
    id: number,
    from: readonly OrderStatus[],
    now: number,
  ): Promise<OrderRow | undefined> {
    return tx
      .updateTable('orders')
      .set({ refund_open: 1, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .where('refund_open', '=', 0)
      .where('settlement', '<', 2)
      .returningAll()
      .executeTakeFirst();
  },

  /** rejected → appealed with the buyer's statement, once. */
  async appealRefund(tx: Db, orderId: number, statement: string, now: number): Promise<boolean> {
    const r = await tx
      .updateTable('refunds')
      .set({ status: 'appealed', appeal_statement: statement, appealed_at: now, updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'rejected')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
