import {
  ORDER_COUNT_CAP,
  type OrderStatus,
  type RefundStatus,
  type Settlement,
} from '@dropdesk/contract/orders';
import {
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { Paging } from '../../db/paging';
import type { OrderEventsTable, OrderRow, RefundsTable } from '../../db/schema';
import { likePattern, searchKey } from '../../db/text-search';
import type { MerchantIds } from '../shop';

export type RefundRow = Selectable<RefundsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
/** An order with the status of its refund (at most one per order), as every list shows it. */
export type OrderWithRefund = OrderRow & { refund_status: RefundStatus | null };
/** The columns of an order that a refund's line on the wire names. */
export type RefundWithOrder = RefundRow & { order_no: string; title: string; total: number };

export interface OrderFilter {
  merchantId?: number | undefined;
  status?: OrderStatus | undefined;
  settlement?: Settlement | undefined;
  /** An order-number prefix or a substring of the title, either case. */
  keyword?: string | undefined;
  /** Only the orders the dashboard counts as sold: paid, not refunded in full (dashboard/shop-stats.ts). */
  sold?: boolean | undefined;
  /** Only the orders paid in [from, to) (epoch ms; orders_merchant_paid); from null: paid at any time. */
  paid?: { from: number | null; to: number } | undefined;
  /** Only orders some of whose payment went back to the buyer. */
  refunded?: boolean | undefined;
  /** Only orders whose money escrow still holds (paid, less refunded, less settled, above 0). */
  inEscrow?: boolean | undefined;
  /** Operators: the order of this number (its unique index). */
  orderNo?: string | undefined;
  /**
   * Operators: the orders of these shops (orders_merchant per shop), or of the shops a subquery of
   * merchant ids names (a shop-name search matching many shops).
   */
  merchantIds?: readonly number[] | MerchantIds | undefined;
  /**
   * Operators: a buyer's orders, by email (a signed-in buyer's, orders_buyer, or a guest's,
   * orders_guest) or by the receiver's phone (orders_receiver_phone).
   */
  buyer?: { email: string; buyerId: number | null } | { phone: string } | undefined;
}

export interface RefundFilter {
  merchantId?: number | undefined;
  statuses?: readonly RefundStatus[] | undefined;
}

/**
 * "The order matches the keyword": its number starts with it (either case: PostgreSQL's ILIKE,
 * SQLite's LIKE, which folds ASCII), or its folded title (`title_fold`, migration 015) holds the
 * folded keyword, so case and accents don't matter ("dong ho" finds "Đồng hồ").
 */
function keywordMatches(db: Db, keyword: string) {
  const prefix = `${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const anywhere = likePattern(searchKey(keyword));
  const number = isPostgres(db) ? sql`o.order_no ilike` : sql`o.order_no like`;
  return sql<SqlBool>`(${number} ${prefix} escape '\\' or o.title_fold like ${anywhere} escape '\\')`;
}

/** The figures' sums of the orders a filter keeps (contract `orderSums`), in minor units. */
export interface OrderSumsRow {
  orders: number;
  sold: number;
  sales: number;
  refunded: number;
  cost: number;
  costEstimated: number;
  profit: number;
  inEscrow: number;
}

// The orders basis of one paid order in SQL (docs/figures.md; order-money.ts `costOf`, `earningsOf`,
// `inEscrow`; dashboard/stats.check.ts writes them once more, apart, to check the rollups).
const ifPaid = (x: RawBuilder<unknown>) => sql`case when o.paid_at is not null then ${x} else 0 end`;
const costSql = sql`case when o.status = -1 or o.cost_paid > 0 then o.cost_paid - o.cost_returned else o.cost_total end`;
const SUMS = {
  sold: sql`case when o.paid_at is not null and o.refunded < o.total then 1 else 0 end`,
  sales: ifPaid(sql`o.total - o.refunded`),
  refunded: ifPaid(sql`o.refunded`),
  cost: ifPaid(costSql),
  costEstimated: ifPaid(sql`case when o.status <> -1 and o.cost_paid = 0 then o.cost_total else 0 end`),
  profit: ifPaid(
    sql`case when o.status = -1 then o.cost_returned - o.cost_paid else o.total - o.refunded - (${costSql}) end`,
  ),
  inEscrow: ifPaid(sql`o.total - o.refunded - o.settled_amount`),
};

/**
 * The sums of every order `q` keeps, in one aggregate over the same filter (the orders behind a
 * figure: the filters' indexes, then each order's row). Uncapped: a figure's list sums all of its
 * orders, which costs a read of each (docs/figures.md "Cost").
 */
// biome-ignore lint/suspicious/noExplicitAny: any filter built on `orders as o`
async function sumsOf(q: SelectQueryBuilder<any, 'o', object>): Promise<OrderSumsRow> {
  const row = await q
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      ...Object.entries(SUMS).map(([k, x]) => sql<number>`coalesce(sum(${x}), 0)`.as(k)),
    ])
    .executeTakeFirstOrThrow();
  const r = row as Record<string, unknown>;
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    orders: n('orders'),
    sold: n('sold'),
    sales: n('sales'),
    refunded: n('refunded'),
    cost: n('cost'),
    costEstimated: n('costEstimated'),
    profit: n('profit'),
    inEscrow: n('inEscrow'),
  };
}

/** A count read up to ORDER_COUNT_CAP + 1 rows, as the contract answers it. */
function upToCap(n: number | string | bigint | null | undefined): { total: number; capped: boolean } {
  const count = Number(n ?? 0);
  return { total: Math.min(count, ORDER_COUNT_CAP), capped: count > ORDER_COUNT_CAP };
}

/** Queries of orders, their timeline and their refunds; the rules are the services'. */
export const ordersRepository = {
  /**
   * One page of orders, newest first, and how many match (up to ORDER_COUNT_CAP, `capped` past it).
   *
   * Built in two steps so that a deep page costs little more than the first: the page's ids come
   * from the filter's index alone (orders_merchant (merchant_id, id), orders_merchant_status
   * (merchant_id, status, id), orders_merchant_settlement (merchant_id, settlement, id): each
   * holds the id, so OFFSET skips index entries without reading an order; a paid day, the day's
   * entries of orders_merchant_paid (merchant_id, paid_at)), then only those ids'
   * rows are read, with their refund. The count reads the same index entries, at most the cap's,
   * and no rows. A keyword, or status and settlement together, read rows to test them: a search,
   * not a tab. Keyset paging would skip even the index entries, but the contract's lists (and the
   * app's infinite scroll) take numbered pages; page 500 skips 10,000 index entries, a fraction of
   * a millisecond (docs/orders.md "Merchant and operator calls").
   */
  async page(
    db: Db,
    filter: OrderFilter,
    paging: Paging,
    withSums = false,
  ): Promise<{ total: number; capped: boolean; rows: OrderWithRefund[]; sums: OrderSumsRow | null }> {
    let q = db.selectFrom('orders as o');
    if (filter.merchantId !== undefined) q = q.where('o.merchant_id', '=', filter.merchantId);
    if (filter.status !== undefined) q = q.where('o.status', '=', filter.status);
    if (filter.settlement !== undefined) q = q.where('o.settlement', '=', filter.settlement);
    if (filter.keyword) q = q.where(keywordMatches(db, filter.keyword));
    if (filter.sold) q = q.where('o.paid_at', 'is not', null).whereRef('o.refunded', '<', 'o.total');
    if (filter.paid) {
      q = q.where('o.paid_at', 'is not', null).where('o.paid_at', '<', filter.paid.to);
      if (filter.paid.from !== null) q = q.where('o.paid_at', '>=', filter.paid.from);
    }
    if (filter.refunded) q = q.where('o.refunded', '>', 0);
    if (filter.inEscrow)
      q = q
        .where('o.paid_at', 'is not', null)
        .where(sql<SqlBool>`o.total - o.refunded - o.settled_amount > 0`);
    if (filter.orderNo !== undefined) q = q.where('o.order_no', '=', filter.orderNo);
    if (Array.isArray(filter.merchantIds))
      q = filter.merchantIds.length
        ? q.where('o.merchant_id', 'in', [...filter.merchantIds])
        : q.where(sql<SqlBool>`1 = 0`);
    else if (filter.merchantIds) q = q.where('o.merchant_id', 'in', filter.merchantIds);
    if (filter.buyer && 'email' in filter.buyer) {
      // A guest's orders (orders_guest) and, when the email is a signed-in buyer's, that buyer's
      // (orders_buyer): with the buyer's id known, both engines read the two indexes and unite them.
      const { email, buyerId } = filter.buyer;
      q = q.where((eb) =>
        buyerId === null
          ? eb('o.guest_email', '=', email)
          : eb.or([eb('o.guest_email', '=', email), eb('o.buyer_id', '=', buyerId)]),
      );
    } else if (filter.buyer) q = q.where('o.receiver_phone', '=', filter.buyer.phone);
    const [counted, ids, sums] = await Promise.all([
      db
        .selectFrom(
          q
            .select(sql`1`.as('one'))
            .limit(ORDER_COUNT_CAP + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      q
        .select('o.id')
        .orderBy('o.id', 'desc')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
      withSums ? sumsOf(q) : Promise.resolve(null),
    ]);
    return {
      ...upToCap(counted.n),
      sums,
      rows: await ordersRepository.withRefunds(
        db,
        ids.map((r) => r.id),
      ),
    };
  },

  /** The orders of `ids`, newest first, with their refund's status. */
  async withRefunds(db: Db, ids: readonly number[]): Promise<OrderWithRefund[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('orders as o')
      .leftJoin('refunds as r', 'r.order_id', 'o.id')
      .selectAll('o')
      .select('r.status as refund_status')
      .where('o.id', 'in', [...ids])
      .orderBy('o.id', 'desc')
      .execute();
  },

  /** One order, or (with `merchantId`) one of the shop's: another shop's order is none. With its refund's status. */
  byId(db: Db, id: number, scope: { merchantId?: number } = {}): Promise<OrderWithRefund | undefined> {
    let q = db
      .selectFrom('orders as o')
      .leftJoin('refunds as r', 'r.order_id', 'o.id')
      .selectAll('o')
      .select('r.status as refund_status')
      .where('o.id', '=', id);
    if (scope.merchantId !== undefined) q = q.where('o.merchant_id', '=', scope.merchantId);
    return q.executeTakeFirst();
  },

  /** The signed-in buyer of this email, if there is one (buyers.email is unique). */
  async buyerIdByEmail(db: Db, email: string): Promise<number | null> {
    const row = await db.selectFrom('buyers').select('id').where('email', '=', email).executeTakeFirst();
    return row?.id ?? null;
  },

  /** The id of the order of this number (orders.order_no is unique). */
  async idByOrderNo(db: Db, orderNo: string): Promise<number | undefined> {
    const row = await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst();
    return row?.id;
  },

  /** The merchant's orders of `ids` (the others are not theirs or do not exist). */
  ofMerchant(db: Db, merchantId: number, ids: readonly number[]): Promise<OrderRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('orders')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** The order's timeline, oldest first. */
  events(db: Db, orderId: number): Promise<OrderEventRow[]> {
    return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  },

  /**
   * How many of the merchant's orders there are in all and in each of `statuses`, each counted up to
   * ORDER_COUNT_CAP from orders_merchant / orders_merchant_status alone, in one statement: a shop
   * with 100,000 orders reads at most the cap's index entries per count, not all of its orders.
   */
  async countsByStatus(db: Db, merchantId: number, statuses: readonly OrderStatus[]) {
    const upTo = (status: OrderStatus | null) => {
      let q = db.selectFrom('orders').select(sql`1`.as('one')).where('merchant_id', '=', merchantId);
      if (status !== null) q = q.where('status', '=', status);
      return db.selectFrom(q.limit(ORDER_COUNT_CAP + 1).as('m')).select((eb) => eb.fn.countAll().as('n'));
    };
    const row: Record<string, number | string | bigint | null> = await db
      .selectNoFrom([upTo(null).as('all'), ...statuses.map((status, i) => upTo(status).as(`s${i}`))])
      .executeTakeFirstOrThrow();
    return {
      all: upToCap(row.all),
      byStatus: new Map(statuses.map((status, i) => [status, upToCap(row[`s${i}`])])),
    };
  },

  /** The shop's name (operators' lists show whose order it is). */
  async shopNames(db: Db, merchantIds: readonly number[]): Promise<Map<number, string>> {
    if (merchantIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('shops')
      .select(['merchant_id', 'name'])
      .where('merchant_id', 'in', [...new Set(merchantIds)])
      .execute();
    return new Map(rows.map((r) => [r.merchant_id, r.name]));
  },

  // ---------------------------------------------------------------- the clock-driven jobs

  /** Unpaid orders whose payment deadline has passed (orders_status_deadline), oldest deadline first. */
  async dueUnpaid(db: Db, now: number, limit: number, skip: readonly number[]): Promise<number[]> {
    let q = db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 0)
      .where('pay_deadline', '<=', now)
      .orderBy('pay_deadline')
      .limit(limit);
    if (skip.length) q = q.where('id', 'not in', [...skip]);
    return (await q.execute()).map((r) => r.id);
  },

  /** Orders that reached the buyer at or before `reachedBy` (orders_status_reached). */
  async dueConfirm(db: Db, reachedBy: number, limit: number, skip: readonly number[]): Promise<number[]> {
    let q = db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 7)
      .where('reached_at', '<=', reachedBy)
      .orderBy('reached_at')
      .limit(limit);
    if (skip.length) q = q.where('id', 'not in', [...skip]);
    return (await q.execute()).map((r) => r.id);
  },

  /**
   * Orders pending settlement whose after-sales window has closed and that no open refund holds
   * (orders_settlement_due; an order with an open refund is left out here, or a page of them would
   * block every order behind it).
   */
  async dueSettlement(db: Db, now: number, limit: number, skip: readonly number[]): Promise<number[]> {
    let q = db
      .selectFrom('orders')
      .select('id')
      .where('settlement', '=', 1)
      .where('settles_at', '<=', now)
      .where('refund_open', '=', 0)
      .orderBy('settles_at')
      .limit(limit);
    if (skip.length) q = q.where('id', 'not in', [...skip]);
    return (await q.execute()).map((r) => r.id);
  },

  // ---------------------------------------------------------------- refunds

  /** A page of refunds with their order's number, title and total, by id in `order`. */
  async refundsPage(
    db: Db,
    filter: RefundFilter,
    paging: Paging,
    order: 'asc' | 'desc',
  ): Promise<{ total: number; rows: RefundWithOrder[] }> {
    let q = db.selectFrom('refunds as r');
    if (filter.merchantId !== undefined) q = q.where('r.merchant_id', '=', filter.merchantId);
    if (filter.statuses) q = q.where('r.status', 'in', [...filter.statuses]);
    const [counted, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .selectAll('r')
        .select(['o.order_no', 'o.title', 'o.total'])
        .orderBy('r.id', order)
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
    ]);
    return { total: Number(counted.n), rows };
  },

  refundById(db: Db, id: number, scope: { merchantId?: number } = {}): Promise<RefundRow | undefined> {
    let q = db.selectFrom('refunds').selectAll().where('id', '=', id);
    if (scope.merchantId !== undefined) q = q.where('merchant_id', '=', scope.merchantId);
    return q.executeTakeFirst();
  },

  /**
   * Moves a refund from `from` to its decision with one conditional UPDATE (db/decide.ts's rule for
   * refunds, which wait in two states: pending, then appealed): of racing decisions one gets the
   * row, the others undefined.
   */
  decideRefund(
    tx: Db,
    id: number,
    from: RefundStatus,
    change: Updateable<RefundsTable>,
    scope: { merchantId?: number } = {},
  ): Promise<RefundRow | undefined> {
    let q = tx.updateTable('refunds').set(change).where('id', '=', id).where('status', '=', from);
    if (scope.merchantId !== undefined) q = q.where('merchant_id', '=', scope.merchantId);
    return q.returningAll().executeTakeFirst();
  },

  async setRefundJournal(tx: Db, id: number, journalId: number): Promise<void> {
    await tx.updateTable('refunds').set({ journal_id: journalId }).where('id', '=', id).execute();
  },

  // ---------------------------------------------------------------- savepoints

  /**
   * A savepoint inside the caller's transaction, and going back to it: the same statements Kysely's
   * controlledTransaction sends on both engines (SAVEPOINT, ROLLBACK TO, RELEASE), used inside the
   * money transaction that also completes the Idempotency-Key.
   */
  savepoint: async (tx: Db, name: string) => void (await sql`savepoint ${sql.id(name)}`.execute(tx)),
  rollbackTo: async (tx: Db, name: string) =>
    void (await sql`rollback to savepoint ${sql.id(name)}`.execute(tx)),
  release: async (tx: Db, name: string) => void (await sql`release savepoint ${sql.id(name)}`.execute(tx)),
};
