import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ORDER_DELTA_COLUMNS, type SlotDelta, type TotalsDelta } from './rollup-columns';

// The rollups' writes (shop-stats.ts decides what each event adds; these add it).

/** `table.column + excluded.column` for each column: an upsert that adds its row to the kept one. */
function addedUp(table: string, columns: readonly string[]) {
  return Object.fromEntries(
    columns.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
  );
}
const SLOT_ADDED = addedUp('shop_stat_slots', [...ORDER_DELTA_COLUMNS, 'visitors']);
const TOTALS_ADDED = addedUp('shop_stats', [
  ...ORDER_DELTA_COLUMNS,
  'followers',
  'rating_sum',
  'rating_count',
]);

// Each writer adds to its row, creating it at the first event: one statement, and (PostgreSQL) the
// row lock of the shop's row serialises two events of one shop without losing either.

export async function addSlot(tx: Db, merchantId: number, slot: number, d: SlotDelta): Promise<void> {
  await tx
    .insertInto('shop_stat_slots')
    .values({ merchant_id: merchantId, slot, ...d })
    .onConflict((oc) => oc.columns(['merchant_id', 'slot']).doUpdateSet(SLOT_ADDED))
    .execute();
}

export async function addTotals(tx: Db, merchantId: number, d: TotalsDelta): Promise<void> {
  await tx
    .insertInto('shop_stats')
    .values({ merchant_id: merchantId, ...d })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet(TOTALS_ADDED))
    .execute();
}

export async function addCredit(
  tx: Db,
  merchantId: number,
  slot: number,
  d: { late_pickups: number; refunds_lost: number },
): Promise<void> {
  await tx
    .insertInto('shop_credit_slots')
    .values({ merchant_id: merchantId, slot, ...d })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'slot']).doUpdateSet({
        late_pickups: sql`shop_credit_slots.late_pickups + excluded.late_pickups`,
        refunds_lost: sql`shop_credit_slots.refunds_lost + excluded.refunds_lost`,
      }),
    )
    .execute();
}

/** A visit counted: its day's visitors. */
export async function addVisitDay(tx: Db, merchantId: number, day: string): Promise<void> {
  await tx
    .insertInto('shop_visit_days')
    .values({ merchant_id: merchantId, day, visitors: 1 })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'day'])
        .doUpdateSet({ visitors: sql`shop_visit_days.visitors + excluded.visitors` }),
    )
    .execute();
}
