import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { ORDER_DELTA_COLUMNS } from './rollup-columns';
import { LATE_PICKUP_MS, SLOT_MS } from './shop-stats';

/**
 * The queries of `ops stats:check` and `stats:rebuild` (stats.check.ts): the rollups' definitions
 * written a second time, in SQL, apart from the TypeScript that keeps the rollups (shop-stats.ts).
 */

const slot = sql.lit(SLOT_MS);
const late = sql.lit(LATE_PICKUP_MS);
/** Paid: the orders basis counts every paid order (docs/figures.md). */
const paid = sql`o.paid_at is not null`;
/** Counted as sold: paid, not refunded in full (1 or 0, of a paid order). */
const sold = sql`case when o.refunded < o.total then 1 else 0 end`;
/** The cost the order carries (order-money.ts `costOf`): paid net of returned, else its cost. */
const cost = sql`case when o.status = -1 or o.cost_paid > 0 then o.cost_paid - o.cost_returned
  else o.cost_total end`;
/** The part of it that is an estimate: not picked up (nor cancelled), so nothing paid yet. */
const estimated = sql`case when o.status <> -1 and o.cost_paid = 0 then o.cost_total else 0 end`;
/** The order's earnings (order-money.ts `earningsOf`). */
const profit = sql`case when o.status = -1 then o.cost_returned - o.cost_paid
  when o.cost_paid > 0 then o.total - o.refunded - (o.cost_paid - o.cost_returned)
  else o.total - o.refunded - o.cost_total end`;
/** What escrow still holds for it (order-money.ts `inEscrow`). */
const escrow = sql`o.total - o.refunded - o.settled_amount`;
/** Its part of a figure when refunded in full (not sold): the `unsold_*` columns. */
const unsold = (x: RawBuilder<unknown>) => sql`case when o.refunded < o.total then 0 else ${x} end`;
/** The orders basis of one paid order, the columns both tables keep of it. */
const ORDERS_BASIS = ORDER_DELTA_COLUMNS;
const orderBasis = sql.join([
  sql`${sold} as orders`,
  sql`1 as paid`,
  sql`o.total - o.refunded as sales`,
  sql`o.refunded as refunded`,
  sql`${cost} as cost`,
  sql`${estimated} as cost_estimated`,
  sql`${profit} as profit`,
  sql`${escrow} as in_escrow`,
  sql`${unsold(sql`o.refunded`)} as unsold_refunded`,
  sql`${unsold(cost)} as unsold_cost`,
  sql`${unsold(estimated)} as unsold_cost_estimated`,
  sql`${unsold(profit)} as unsold_profit`,
  sql`${unsold(escrow)} as unsold_in_escrow`,
]);
const noBasis = sql.join(ORDERS_BASIS.map((c) => sql`0 as ${sql.ref(c)}`));
const sumsOf = (columns: readonly string[]) =>
  sql.join(columns.map((c) => sql`sum(${sql.ref(c)}) as ${sql.ref(c)}`));

export interface Table {
  name: 'shop_stats' | 'shop_stat_slots' | 'shop_visit_days' | 'shop_credit_slots';
  keys: readonly string[];
  values: readonly string[];
  /** What the events add up to: one row per key with every value column. */
  events: RawBuilder<unknown>;
}

export const TABLES: readonly Table[] = [
  {
    name: 'shop_stats',
    keys: ['merchant_id'],
    values: [...ORDERS_BASIS, 'followers', 'rating_sum', 'rating_count'],
    events: sql`select merchant_id, ${sumsOf([...ORDERS_BASIS, 'followers', 'rating_sum', 'rating_count'])}
      from (
        select o.merchant_id, ${orderBasis}, 0 as followers, 0 as rating_sum, 0 as rating_count
        from orders o where ${paid}
        union all
        select f.merchant_id, ${noBasis}, 1, 0, 0 from shop_follows f
        union all
        select o.merchant_id, ${noBasis}, 0, o.rating_stars, 1 from orders o
        where o.rating_stars is not null
      ) e group by merchant_id`,
  },
  {
    name: 'shop_stat_slots',
    keys: ['merchant_id', 'slot'],
    values: [...ORDERS_BASIS, 'visitors'],
    events: sql`select merchant_id, slot, ${sumsOf([...ORDERS_BASIS, 'visitors'])}
      from (
        select o.merchant_id, o.paid_at / ${slot} as slot, ${orderBasis}, 0 as visitors
        from orders o where ${paid}
        union all
        select v.merchant_id, v.at / ${slot}, ${noBasis}, 1 from shop_visits v
      ) e group by merchant_id, slot`,
  },
  {
    name: 'shop_visit_days',
    keys: ['merchant_id', 'day'],
    values: ['visitors'],
    events: sql`select merchant_id, day, count(*) as visitors from shop_visits group by merchant_id, day`,
  },
  {
    name: 'shop_credit_slots',
    keys: ['merchant_id', 'slot'],
    values: ['late_pickups', 'refunds_lost'],
    events: sql`select merchant_id, slot, sum(late_pickups) as late_pickups, sum(refunds_lost) as refunds_lost
      from (
        select o.merchant_id, o.picked_at / ${slot} as slot, 1 as late_pickups, 0 as refunds_lost
        from orders o
        where o.paid_at is not null and o.picked_at is not null and o.picked_at - o.paid_at > ${late}
        union all
        select r.merchant_id, r.resolved_at / ${slot}, 0, 1 from refunds r
        where r.status = 'appeal_refunded' and r.resolved_at is not null
      ) e group by merchant_id, slot`,
  },
];

export const statsRepository = {
  /**
   * The keys of `table` whose kept sums differ from what the events add up to, in one pass: the
   * kept rows and the recomputed ones side by side (UNION ALL, one GROUP BY on the key); each row
   * has the key and `k_<value>` (kept) and `e_<value>` (events) of every value column.
   */
  async differences(db: Db, table: Table): Promise<Record<string, unknown>[]> {
    const keys = sql.join(table.keys.map((k) => sql.ref(k)));
    const zeros = (prefix: string) =>
      sql.join(table.values.map((v) => sql`0 as ${sql.ref(`${prefix}_${v}`)}`));
    const as = (prefix: string) =>
      sql.join(table.values.map((v) => sql`${sql.ref(v)} as ${sql.ref(`${prefix}_${v}`)}`));
    const sums = sql.join(
      table.values.flatMap((v) => [
        sql`sum(${sql.ref(`k_${v}`)}) as ${sql.ref(`k_${v}`)}`,
        sql`sum(${sql.ref(`e_${v}`)}) as ${sql.ref(`e_${v}`)}`,
      ]),
    );
    const differs = sql.join(
      table.values.map((v) => sql`sum(${sql.ref(`k_${v}`)}) <> sum(${sql.ref(`e_${v}`)})`),
      sql` or `,
    );
    const found = await sql<Record<string, unknown>>`
        select ${keys}, ${sums} from (
          select ${keys}, ${as('k')}, ${zeros('e')} from ${sql.table(table.name)}
          union all
          select ${keys}, ${zeros('k')}, ${as('e')} from (${table.events}) x
        ) u
        group by ${keys}
        having ${differs}
        order by ${keys}`.execute(db);
    return found.rows;
  },

  async countRows(db: Db, name: Table['name']): Promise<unknown> {
    const count = await db
      .selectFrom(name)
      .select((eb) => eb.fn.countAll().as('c'))
      .executeTakeFirstOrThrow();
    return count.c;
  },

  /** PostgreSQL: the event tables locked against writes (SHARE mode: reads go on, each writer waits). */
  async lockEvents(tx: Db): Promise<void> {
    await sql`lock table orders, shop_visits, shop_follows, refunds in share mode`.execute(tx);
  },

  /** `table` emptied, then inserted from its recomputation: the rows inserted. */
  async refill(tx: Db, table: Table): Promise<bigint | undefined> {
    await tx.deleteFrom(table.name).execute();
    const columns = sql.join([...table.keys, ...table.values].map((c) => sql.ref(c)));
    const inserted = await sql`insert into ${sql.table(table.name)} (${columns})
      select ${columns} from (${table.events}) x`.execute(tx);
    return inserted.numAffectedRows;
  },
};
