import { sql } from 'kysely';
import { type Db, prepared } from '../../db/database';
import type { Paging } from '../../db/paging';
import { accountKey } from '../ledger';
import { ORDER_DELTA_COLUMNS } from './rollup-columns';

/**
 * The dashboard's reads: the rollups of shop-stats.ts and, for the ratings drill-down, the rated
 * orders (orders_merchant_rated). Each hot read is built and compiled once (`prepared`) and, on
 * SQLite, runs on the read-only connection beside the writer. Every query names the merchant: a shop
 * reads its own rows only.
 */

// The merchant's zone and its all-time row (none before its first event: zeros).
const headQuery = prepared((db: Db, p: { id: number }) =>
  db
    .selectFrom('merchants as m')
    .leftJoin('shop_stats as s', 's.merchant_id', 'm.id')
    .select([
      'm.time_zone',
      's.orders',
      's.sales',
      's.refunded',
      's.cost',
      's.cost_estimated',
      's.profit',
      's.in_escrow',
      's.followers',
      's.rating_sum',
      's.rating_count',
    ])
    .where('m.id', '=', p.id),
);

// The "now" figures the rollups do not hold: the withdrawal hold's balance (its account row, by
// key) and the pending top-ups (recharges_merchant: a merchant's few top-ups).
const nowQuery = prepared((db: Db, p: { id: number; holdKey: string }) =>
  db
    .selectFrom([
      db
        .selectFrom('accounts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), sql<number>`0`).as('on_hold'))
        .where('key', '=', p.holdKey)
        .as('h'),
      db
        .selectFrom('recharges')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('pending_topups'),
          eb.fn.countAll<number>().as('pending_topups_count'),
        ])
        .where('merchant_id', '=', p.id)
        .where('status', '=', 'pending')
        .as('r'),
    ])
    .selectAll(),
);

// The slots in [from, to), one row each (today's: at most 100).
const slotRowsQuery = prepared((db: Db, p: { id: number; from: number; to: number }) =>
  db
    .selectFrom('shop_stat_slots')
    .select(['slot', 'orders', 'sales', 'visitors'])
    .where('merchant_id', '=', p.id)
    .where('slot', '>=', p.from)
    .where('slot', '<', p.to),
);

// Visitors of the days from `from` to `to` (YYYY-MM-DD, both included).
const visitDaysQuery = prepared((db: Db, p: { id: number; from: string; to: string }) =>
  db
    .selectFrom('shop_visit_days')
    .select(['day', 'visitors'])
    .where('merchant_id', '=', p.id)
    .where('day', '>=', p.from)
    .where('day', '<=', p.to),
);

// Home's figures after the head, in one statement (one round trip): today's slots, the credit
// window's slots and the visitors of today, the last 7 and the last 30 days (three range reads).
const figuresQuery = prepared(
  (
    db: Db,
    p: {
      id: number;
      todayFrom: number;
      todayTo: number;
      creditFrom: number;
      today: string;
      week: string;
      month: string;
    },
  ) =>
    db
      .selectFrom([
        db
          .selectFrom('shop_stat_slots')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('orders'), sql<number>`0`).as('orders'),
            eb.fn.coalesce(eb.fn.sum<number>('sales'), sql<number>`0`).as('sales'),
            eb.fn.coalesce(eb.fn.sum<number>('refunded'), sql<number>`0`).as('refunded'),
            eb.fn.coalesce(eb.fn.sum<number>('cost'), sql<number>`0`).as('cost'),
            eb.fn.coalesce(eb.fn.sum<number>('cost_estimated'), sql<number>`0`).as('cost_estimated'),
            eb.fn.coalesce(eb.fn.sum<number>('profit'), sql<number>`0`).as('profit'),
          ])
          .where('merchant_id', '=', p.id)
          .where('slot', '>=', p.todayFrom)
          .where('slot', '<', p.todayTo)
          .as('t'),
        db
          .selectFrom('shop_credit_slots')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('late_pickups'), sql<number>`0`).as('late_pickups'),
            eb.fn.coalesce(eb.fn.sum<number>('refunds_lost'), sql<number>`0`).as('refunds_lost'),
          ])
          .where('merchant_id', '=', p.id)
          .where('slot', '>=', p.creditFrom)
          .where('slot', '<', p.todayTo)
          .as('c'),
        db
          .selectFrom('shop_visit_days')
          .select([
            sql<number>`coalesce(sum(case when day = ${p.today} then visitors else 0 end), 0)`.as('v1'),
            sql<number>`coalesce(sum(case when day >= ${p.week} then visitors else 0 end), 0)`.as('v7'),
            sql<number>`coalesce(sum(visitors), 0)`.as('v30'),
          ])
          .where('merchant_id', '=', p.id)
          .where('day', '>=', p.month)
          .where('day', '<=', p.today)
          .as('v'),
      ])
      .selectAll(),
);

/**
 * Sold orders, sales and profit of `n` consecutive days, summed in the database: one range of slots read,
 * each slot put in its day by the days' first slots (b1 … b(n−1)), one row per day with any.
 */
function dayBucketsQuery(n: number) {
  return prepared((db: Db, p: Record<string, number>) => {
    const cases = Array.from(
      { length: n - 1 },
      (_, i) => sql`when slot < ${p[`b${i + 1}`]} then ${sql.lit(i)}`,
    );
    const bucket = sql<number>`case ${sql.join(cases, sql` `)} else ${sql.lit(n - 1)} end`;
    return db
      .selectFrom('shop_stat_slots')
      .select((eb) => [
        bucket.as('i'),
        eb.fn.sum<number>('orders').as('orders'),
        eb.fn.sum<number>('sales').as('sales'),
        eb.fn.sum<number>('profit').as('profit'),
      ])
      .where('merchant_id', '=', p.id as number)
      .where('slot', '>=', p.from as number)
      .where('slot', '<', p.to as number)
      .groupBy(sql`1`);
  });
}
const dayBuckets = new Map<number, ReturnType<typeof dayBucketsQuery>>();

/** The same sums when every day has `per` slots (no clock change in the range): day = (slot − from) / per. */
const evenDaysQuery = prepared((db: Db, p: { id: number; from: number; to: number; per: number }) =>
  db
    .selectFrom('shop_stat_slots')
    .select((eb) => [
      // Integers on both engines (better-sqlite3 binds a number as a real: 7 / 2 would be 3.5).
      sql<number>`(slot - cast(${p.from} as integer)) / cast(${p.per} as integer)`.as('i'),
      eb.fn.sum<number>('orders').as('orders'),
      eb.fn.sum<number>('sales').as('sales'),
      eb.fn.sum<number>('profit').as('profit'),
    ])
    .where('merchant_id', '=', p.id)
    .where('slot', '>=', p.from)
    .where('slot', '<', p.to)
    .groupBy(sql`1`),
);

// The orders basis of a range of slots (a finance period: at most a month's 3,000 slots).
const ordersBetweenQuery = prepared((db: Db, p: { id: number; from: number; to: number }) =>
  db
    .selectFrom('shop_stat_slots')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('orders'), sql<number>`0`).as('orders'),
      eb.fn.coalesce(eb.fn.sum<number>('sales'), sql<number>`0`).as('sales'),
      eb.fn.coalesce(eb.fn.sum<number>('refunded'), sql<number>`0`).as('refunded'),
      eb.fn.coalesce(eb.fn.sum<number>('cost'), sql<number>`0`).as('cost'),
      eb.fn.coalesce(eb.fn.sum<number>('cost_estimated'), sql<number>`0`).as('cost_estimated'),
      eb.fn.coalesce(eb.fn.sum<number>('profit'), sql<number>`0`).as('profit'),
    ])
    .where('merchant_id', '=', p.id)
    .where('slot', '>=', p.from)
    .where('slot', '<', p.to),
);

/** The rollups' columns the figures' order lists answer their sums from (migration 018). */
const LIST_COLUMNS = ORDER_DELTA_COLUMNS;
export type ListSums = Record<(typeof LIST_COLUMNS)[number], number>;
/** Past every slot: `slot` is a 32-bit integer on PostgreSQL (the year 63,000 in slots). */
const NO_SLOT_BOUND = 2_147_483_647;

// Those columns summed over the slots [from, to), or as the shop's totals hold them.
const listSlotsQuery = prepared((db: Db, p: { id: number; from: number; to: number }) =>
  db
    .selectFrom('shop_stat_slots')
    .select((eb) => LIST_COLUMNS.map((c) => eb.fn.coalesce(eb.fn.sum<number>(c), sql<number>`0`).as(c)))
    .where('merchant_id', '=', p.id)
    .where('slot', '>=', p.from)
    .where('slot', '<', p.to),
);
// Until slot `to`: the totals less the slots from `to` on, in one statement (one snapshot).
const listUntilQuery = prepared((db: Db, p: { id: number; to: number }) =>
  db
    .selectFrom([
      db.selectFrom('shop_stats').select(LIST_COLUMNS).where('merchant_id', '=', p.id).as('t'),
      db
        .selectFrom('shop_stat_slots')
        .select((eb) => LIST_COLUMNS.map((c) => eb.fn.sum<number>(c).as(`a_${c}`)))
        .where('merchant_id', '=', p.id)
        .where('slot', '>=', p.to)
        .as('a'),
    ])
    .select(
      LIST_COLUMNS.map((c) => sql<number>`${sql.ref(`t.${c}`)} - coalesce(${sql.ref(`a.a_${c}`)}, 0)`.as(c)),
    ),
);

const num = (v: unknown): number => Number(v ?? 0);
const listSumsOf = (row: Record<string, unknown> | undefined): ListSums =>
  Object.fromEntries(LIST_COLUMNS.map((c) => [c, num(row?.[c])])) as ListSums;

/** The orders basis (docs/figures.md) of some paid orders: the shop's life, a day, a period. */
export interface OrderSums {
  orders: number;
  sales: number;
  refunded: number;
  cost: number;
  costEstimated: number;
  profit: number;
}

export interface ShopHead extends OrderSums {
  timeZone: string;
  inEscrow: number;
  followers: number;
  ratingSum: number;
  ratingCount: number;
}

export const dashboardRepository = {
  /** The merchant's time zone and all-time figures; undefined when there is no such merchant. */
  async head(db: Db, merchantId: number): Promise<ShopHead | undefined> {
    const [row] = await headQuery(db, { id: merchantId });
    if (!row) return undefined;
    return {
      timeZone: row.time_zone,
      orders: num(row.orders),
      sales: num(row.sales),
      refunded: num(row.refunded),
      cost: num(row.cost),
      costEstimated: num(row.cost_estimated),
      profit: num(row.profit),
      inEscrow: num(row.in_escrow),
      followers: num(row.followers),
      ratingSum: num(row.rating_sum),
      ratingCount: num(row.rating_count),
    };
  },

  /**
   * Home's figures of the merchant's calendar: today's slots [todayFrom, todayTo), the credit
   * events from `creditFrom`, and the visitors of `today`, of the days from `week` and from `month`.
   */
  async figures(
    db: Db,
    merchantId: number,
    range: {
      todayFrom: number;
      todayTo: number;
      creditFrom: number;
      today: string;
      week: string;
      month: string;
    },
  ) {
    const [row] = await figuresQuery(db, { id: merchantId, ...range });
    return {
      today: {
        orders: num(row?.orders),
        sales: num(row?.sales),
        refunded: num(row?.refunded),
        cost: num(row?.cost),
        costEstimated: num(row?.cost_estimated),
        profit: num(row?.profit),
      } satisfies OrderSums,
      credit: { latePickups: num(row?.late_pickups), refundsLost: num(row?.refunds_lost) },
      visitors: { today: num(row?.v1), seven: num(row?.v7), thirty: num(row?.v30) },
    };
  },

  /** The withdrawal hold's balance and the pending top-ups (sum and count): "now" beside the rollups. */
  async now(db: Db, merchantId: number) {
    const [row] = await nowQuery(db, {
      id: merchantId,
      holdKey: accountKey({ merchantId, kind: 'withdraw_hold' }),
    });
    return {
      onHold: num(row?.on_hold),
      pendingTopups: num(row?.pending_topups),
      pendingTopupsCount: num(row?.pending_topups_count),
    };
  },

  /** The orders basis of the orders paid in the slots [from, to) (a period of the finance report). */
  async ordersBetween(db: Db, merchantId: number, from: number, to: number): Promise<OrderSums> {
    const [row] = await ordersBetweenQuery(db, { id: merchantId, from, to });
    return {
      orders: num(row?.orders),
      sales: num(row?.sales),
      refunded: num(row?.refunded),
      cost: num(row?.cost),
      costEstimated: num(row?.cost_estimated),
      profit: num(row?.profit),
    };
  },

  /**
   * The orders basis, with the paid count and the part of the orders refunded in full, of the
   * orders paid in the slots [from, to) (`null`: no bound), for the figures' order lists. A few
   * rows whatever the range: until `to` (all time too), the shop's totals less the slots from `to`
   * on (none or a few: the future); else the range's slots (a month: 3,000).
   */
  async listSums(db: Db, merchantId: number, from: number | null, to: number | null): Promise<ListSums> {
    const [row] =
      from === null
        ? await listUntilQuery(db, { id: merchantId, to: to ?? NO_SLOT_BOUND })
        : await listSlotsQuery(db, { id: merchantId, from, to: to ?? NO_SLOT_BOUND });
    return listSumsOf(row);
  },

  async slotRows(db: Db, merchantId: number, from: number, to: number) {
    const rows = await slotRowsQuery(db, { id: merchantId, from, to });
    return rows.map((r) => ({
      slot: num(r.slot),
      orders: num(r.orders),
      sales: num(r.sales),
      visitors: num(r.visitors),
    }));
  },

  /** Visitors per day (days without any are absent), as a map day → visitors. */
  async visitDays(db: Db, merchantId: number, from: string, to: string): Promise<Map<string, number>> {
    const rows = await visitDaysQuery(db, { id: merchantId, from, to });
    return new Map(rows.map((r) => [r.day, num(r.visitors)]));
  },

  /**
   * Sold orders, sales and profit per day of consecutive days whose first slots are `starts` (n + 1 of them,
   * the last one the day after the last): index of the day → its sums.
   */
  async daySums(db: Db, merchantId: number, starts: readonly number[]) {
    const n = starts.length - 1;
    const per = (starts[n]! - starts[0]!) / n;
    if (Number.isInteger(per) && starts.every((s, i) => s === starts[0]! + i * per)) {
      const rows = await evenDaysQuery(db, { id: merchantId, from: starts[0]!, to: starts[n]!, per });
      return new Map(
        rows.map((r) => [num(r.i), { orders: num(r.orders), sales: num(r.sales), profit: num(r.profit) }]),
      );
    }
    let query = dayBuckets.get(n);
    if (!query) {
      query = dayBucketsQuery(n);
      dayBuckets.set(n, query);
    }
    const params: Record<string, number> = { id: merchantId, from: starts[0]!, to: starts[n]! };
    for (let i = 1; i < n; i++) params[`b${i}`] = starts[i]!;
    const rows = await query(db, params);
    return new Map(
      rows.map((r) => [num(r.i), { orders: num(r.orders), sales: num(r.sales), profit: num(r.profit) }]),
    );
  },

  /** A page of the shop's rated orders, newest rating first (orders_merchant_rated). */
  ratings(db: Db, merchantId: number, paging: Paging) {
    return db
      .selectFrom('orders')
      .select(['id', 'order_no', 'title', 'rating_stars', 'rating_comment', 'rated_at'])
      .where('merchant_id', '=', merchantId)
      .where('rated_at', 'is not', null)
      .orderBy('rated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute();
  },
};
