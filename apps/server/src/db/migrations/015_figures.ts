import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * One figure, one meaning (docs/figures.md). The dashboard's rollups (008) become the
 * "orders basis" that Home and the finance report's Orders section both read:
 *
 * - `shop_stat_slots` and `shop_stats` gain, beside the sold orders and their sales, what was
 *   refunded to buyers, the cost the orders carry and the part of it that is an estimate (orders
 *   still awaiting pickup), over **every paid order** (refunded in full or cancelled after payment
 *   too: a shipped order refunded in full keeps its cost paid and its loss);
 * - `profit` is now the earnings of every paid order, not of the sold ones only;
 * - `shop_stats.in_escrow`: what escrow holds now for the shop's orders (paid, less refunded, less
 *   settled), for Home's and the report's "now".
 *
 * The two tables are then filled again from the events with the definitions of this day written
 * out (an applied migration must not change when the code does; `ops stats:rebuild` refills them
 * with today's code, `stats:check` compares). The credit slots and the visit days do not change.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  for (const table of ['shop_stats', 'shop_stat_slots']) {
    for (const column of ['refunded', 'cost', 'cost_estimated'])
      await db.schema
        .alterTable(table)
        .addColumn(column, k.bigint, (c) => c.notNull().defaultTo(0))
        .execute();
  }
  await db.schema
    .alterTable('shop_stats')
    .addColumn('in_escrow', k.bigint, (c) => c.notNull().defaultTo(0))
    .execute();

  // ---- the two tables again, from the events (definitions of this day)
  const SLOT = 900_000;
  const paid = sql`paid_at is not null`;
  const sold = sql`case when refunded < total then 1 else 0 end`;
  const cost = sql`case when status = -1 or cost_paid > 0 then cost_paid - cost_returned else cost_total end`;
  const estimated = sql`case when status <> -1 and cost_paid = 0 then cost_total else 0 end`;
  const profit = sql`case when status = -1 then cost_returned - cost_paid
    else total - refunded - (${cost}) end`;
  const escrow = sql`total - refunded - settled_amount`;

  await db.deleteFrom('shop_stat_slots').execute();
  await sql`insert into shop_stat_slots
      (merchant_id, slot, orders, sales, refunded, cost, cost_estimated, profit, visitors)
    select merchant_id, slot, sum(orders), sum(sales), sum(refunded), sum(cost), sum(cost_estimated),
      sum(profit), sum(visitors) from (
      select merchant_id, paid_at / ${sql.lit(SLOT)} as slot, ${sold} as orders, total - refunded as sales,
        refunded, ${cost} as cost, ${estimated} as cost_estimated, ${profit} as profit, 0 as visitors
      from orders where ${paid}
      union all
      select merchant_id, at / ${sql.lit(SLOT)}, 0, 0, 0, 0, 0, 0, 1 from shop_visits
    ) e group by merchant_id, slot`.execute(db);

  await db.deleteFrom('shop_stats').execute();
  await sql`insert into shop_stats (merchant_id, orders, sales, refunded, cost, cost_estimated, profit,
      in_escrow, followers, rating_sum, rating_count)
    select merchant_id, sum(orders), sum(sales), sum(refunded), sum(cost), sum(cost_estimated),
      sum(profit), sum(in_escrow), sum(followers), sum(stars), sum(rated) from (
      select merchant_id, ${sold} as orders, total - refunded as sales, refunded, ${cost} as cost,
        ${estimated} as cost_estimated, ${profit} as profit, ${escrow} as in_escrow, 0 as followers,
        0 as stars, 0 as rated
      from orders where ${paid}
      union all
      select merchant_id, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0 from shop_follows
      union all
      select merchant_id, 0, 0, 0, 0, 0, 0, 0, 0, rating_stars, 1 from orders where rating_stars is not null
    ) e group by merchant_id`.execute(db);
}
