import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * The lists behind the figures answer their sums from the rollups (docs/figures.md "Cost"). A
 * figure's list ("all sold orders", "every order paid this month") carries the sums of every order
 * it keeps; summed from the orders, that is a read of each (half a second at a million orders).
 * The rollups already hold the orders basis per 15-minute slot and per shop; what they lacked:
 *
 * - `paid`: how many orders were paid (the slot's and the shop's `orders` counts the sold ones);
 * - `in_escrow` per slot (the totals had it);
 * - the part of each figure that belongs to the orders refunded in full (not sold): `unsold_*`, so
 *   the sold list's sums are the paid figures less it. Their sales are always 0 (refunded = total,
 *   the orders_refund_within_paid check), so there is no `unsold_sales`.
 *
 * Filled from the events with the definitions of this day (an applied migration must not change
 * when the code does; `ops stats:rebuild` refills with today's code, `stats:check` compares).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  const add = async (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, k.bigint, (c) => c.notNull().defaultTo(0))
      .execute();
  const UNSOLD = [
    'unsold_refunded',
    'unsold_cost',
    'unsold_cost_estimated',
    'unsold_profit',
    'unsold_in_escrow',
  ];
  for (const column of ['paid', ...UNSOLD]) await add('shop_stats', column);
  for (const column of ['paid', 'in_escrow', ...UNSOLD]) await add('shop_stat_slots', column);

  // ---- the new columns, from the paid orders (definitions of this day)
  const SLOT = sql.lit(900_000);
  const unsold = (x: ReturnType<typeof sql>) => sql`case when refunded < total then 0 else ${x} end`;
  const cost = sql`case when status = -1 or cost_paid > 0 then cost_paid - cost_returned else cost_total end`;
  const estimated = sql`case when status <> -1 and cost_paid = 0 then cost_total else 0 end`;
  const profit = sql`case when status = -1 then cost_returned - cost_paid else total - refunded - (${cost}) end`;
  const escrow = sql`total - refunded - settled_amount`;
  const sums = sql`count(*) as paid, sum(${escrow}) as in_escrow,
    sum(${unsold(sql`refunded`)}) as unsold_refunded, sum(${unsold(cost)}) as unsold_cost,
    sum(${unsold(estimated)}) as unsold_cost_estimated, sum(${unsold(profit)}) as unsold_profit,
    sum(${unsold(escrow)}) as unsold_in_escrow`;
  // One UPDATE ... FROM per table (both engines have it): every paid order's slot and shop already
  // has its row (a paid order's sales or refunded is never 0).
  const set = (escrowToo: boolean) =>
    sql.raw(['paid', ...(escrowToo ? ['in_escrow'] : []), ...UNSOLD].map((c) => `${c} = x.${c}`).join(', '));
  await sql`update shop_stat_slots set ${set(true)} from (
      select merchant_id, paid_at / ${SLOT} as slot, ${sums} from orders where paid_at is not null
      group by merchant_id, paid_at / ${SLOT}
    ) x where shop_stat_slots.merchant_id = x.merchant_id and shop_stat_slots.slot = x.slot`.execute(db);
  await sql`update shop_stats set ${set(false)} from (
      select merchant_id, ${sums} from orders where paid_at is not null group by merchant_id
    ) x where shop_stats.merchant_id = x.merchant_id`.execute(db);
}
