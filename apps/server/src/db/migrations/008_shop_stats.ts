import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * The Home dashboard's per-shop rollups (docs/dashboard.md), kept in the same transaction
 * as the events they sum, so that no dashboard read scans orders or visits:
 *
 * - `shop_stats`: one row per shop, the all-time figures: orders counted as sold, their sales and
 *   profit, followers now, the sum and count of buyers' ratings.
 * - `shop_stat_slots`: per shop and 15-minute UTC slot (`slot` = epoch ms / 900,000, floored): the
 *   sold orders, sales and profit of the orders *paid* in that slot, and the storefront visits
 *   first recorded in it. Every time zone's day is a whole number of 15-minute slots, so a day or an
 *   hour in any zone (the merchant's of today, even after it changes zone) is a sum of slots.
 * - `shop_visit_days`: per shop and local day as the visit rows recorded it (`shop_visits.day`),
 *   the distinct visitors of that day.
 * - `shop_credit_slots`: per shop and 15-minute slot, the events the credit score counts: orders
 *   picked up late (at the slot of `picked_at`) and refunds lost on appeal (at the slot of the
 *   operator's decision). Sparse: only slots where such an event happened have a row.
 *
 * Two indexes on `orders` serve the drill-downs: the orders paid in a day (`orders_merchant_paid`,
 * the order list's `paid_day`) and the shop's ratings, newest first (`orders_merchant_rated`, only
 * rated orders).
 *
 * The rollups are filled here from the events already recorded, with the definitions of this day
 * written out (an applied migration must not change when the code does); `npm run ops --
 * stats:rebuild` refills them with today's code, `stats:check` compares.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  // SQLite: the rows stored in their primary key's order (a range of slots is one read).
  const clustered = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
    engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;

  await db.schema
    .createTable('shop_stats')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().notNull().references('merchants.id'))
    .addColumn('orders', k.bigint, zero)
    .addColumn('sales', k.bigint, zero)
    .addColumn('profit', k.bigint, zero)
    .addColumn('followers', k.bigint, zero)
    .addColumn('rating_sum', k.bigint, zero)
    .addColumn('rating_count', k.bigint, zero)
    .execute();

  await db.schema
    .createTable('shop_stat_slots')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('orders', k.bigint, zero)
    .addColumn('sales', k.bigint, zero)
    .addColumn('profit', k.bigint, zero)
    .addColumn('visitors', k.bigint, zero)
    .addPrimaryKeyConstraint('shop_stat_slots_pkey', ['merchant_id', 'slot'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('shop_visit_days')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitors', k.bigint, zero)
    .addPrimaryKeyConstraint('shop_visit_days_pkey', ['merchant_id', 'day'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('shop_credit_slots')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('late_pickups', k.bigint, zero)
    .addColumn('refunds_lost', k.bigint, zero)
    .addPrimaryKeyConstraint('shop_credit_slots_pkey', ['merchant_id', 'slot'])
    .$call(clustered)
    .execute();

  await db.schema
    .createIndex('orders_merchant_paid')
    .on('orders')
    .columns(['merchant_id', 'paid_at'])
    .execute();
  await db.schema
    .createIndex('orders_merchant_rated')
    .on('orders')
    .columns(['merchant_id', 'rated_at', 'id'])
    .where(sql.ref('rated_at'), 'is not', null)
    .execute();

  // ---- the rollups of the events recorded before this migration (definitions of this day)

  const SLOT = 900_000;
  const LATE_MS = 48 * 3_600_000;
  const sold = sql`paid_at is not null and refunded < total`;
  const profit = sql`case when status = -1 then cost_returned - cost_paid
    when cost_paid > 0 then total - refunded - (cost_paid - cost_returned)
    else total - refunded - cost_total end`;
  await sql`insert into shop_stat_slots (merchant_id, slot, orders, sales, profit, visitors)
    select merchant_id, slot, sum(orders), sum(sales), sum(profit), sum(visitors) from (
      select merchant_id, paid_at / ${sql.lit(SLOT)} as slot, 1 as orders, total - refunded as sales,
        ${profit} as profit, 0 as visitors
      from orders where ${sold}
      union all
      select merchant_id, at / ${sql.lit(SLOT)}, 0, 0, 0, 1 from shop_visits
    ) e group by merchant_id, slot`.execute(db);
  await sql`insert into shop_visit_days (merchant_id, day, visitors)
    select merchant_id, day, count(*) from shop_visits group by merchant_id, day`.execute(db);
  await sql`insert into shop_credit_slots (merchant_id, slot, late_pickups, refunds_lost)
    select merchant_id, slot, sum(late), sum(lost) from (
      select merchant_id, picked_at / ${sql.lit(SLOT)} as slot, 1 as late, 0 as lost from orders
      where paid_at is not null and picked_at is not null and picked_at - paid_at > ${sql.lit(LATE_MS)}
      union all
      select merchant_id, resolved_at / ${sql.lit(SLOT)}, 0, 1 from refunds
      where status = 'appeal_refunded' and resolved_at is not null
    ) e group by merchant_id, slot`.execute(db);
  await sql`insert into shop_stats (merchant_id, orders, sales, profit, followers, rating_sum, rating_count)
    select merchant_id, sum(orders), sum(sales), sum(profit), sum(followers), sum(stars), sum(rated) from (
      select merchant_id, 1 as orders, total - refunded as sales, ${profit} as profit, 0 as followers,
        0 as stars, 0 as rated
      from orders where ${sold}
      union all
      select merchant_id, 0, 0, 0, 1, 0, 0 from shop_follows
      union all
      select merchant_id, 0, 0, 0, 0, rating_stars, 1 from orders where rating_stars is not null
    ) e group by merchant_id`.execute(db);
}
