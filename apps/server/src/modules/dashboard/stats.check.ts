import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { ORDER_DELTA_COLUMNS } from './rollup-columns';
import { SLOT_MS } from './shop-stats';
import { statsRepository, TABLES, type Table } from './stats.repository';

/**
 * The dashboard's rollups recomputed from the events (docs/dashboard.md "stats:check"): orders,
 * shop_visits, shop_follows, the ratings on orders and the refunds lost on appeal. The definitions
 * are written a second time, in SQL (stats.repository.ts), apart from the TypeScript that keeps the
 * rollups (shop-stats.ts): `checkStats` compares the two, `rebuildStats` refills the rollups from these.
 */

/** The values' money columns of each table, printed as amounts. */
const ORDERS_MONEY = ORDER_DELTA_COLUMNS.filter((c) => c !== 'orders' && c !== 'paid');
const MONEY: Record<Table['name'], readonly string[]> = {
  shop_stats: ORDERS_MONEY,
  shop_stat_slots: ORDERS_MONEY,
  shop_visit_days: [],
  shop_credit_slots: [],
};

/** Differences printed per table at most (the count says how many there are in all). */
const SHOWN = 200;

export interface StatsReport {
  /** Rollup rows read, per table. */
  rows: Record<Table['name'], number>;
  /** Each difference found, in words; empty when every rollup equals its events. */
  problems: string[];
}

const n = (v: unknown): number => Number(v ?? 0);

function keyText(table: Table, row: Record<string, unknown>): string {
  const shop = `shop #${n(row.merchant_id)}`;
  if (table.keys.includes('slot'))
    return `${shop} slot ${new Date(n(row.slot) * SLOT_MS).toISOString().replace(':00.000Z', 'Z')}`;
  if (table.keys.includes('day')) return `${shop} day ${String(row.day)}`;
  return shop;
}

/**
 * Compares every rollup row with what the events add up to, in one pass per table: the kept rows
 * and the recomputed ones are put side by side (UNION ALL, one GROUP BY on the key), and a key whose
 * sums differ in any column is a difference (a missing row reads as zeros, so a row of zeros and no
 * row agree). Read-only.
 */
export async function checkStats(db: Db): Promise<StatsReport> {
  const problems: string[] = [];
  const rows = {} as StatsReport['rows'];
  for (const table of TABLES) {
    const found = await statsRepository.differences(db, table);
    rows[table.name] = n(await statsRepository.countRows(db, table.name));
    for (const row of found.slice(0, SHOWN)) {
      const what = table.values
        .filter((v) => n(row[`k_${v}`]) !== n(row[`e_${v}`]))
        .map((v) => {
          const show = (x: unknown) => (MONEY[table.name].includes(v) ? formatMoney(n(x)) : String(n(x)));
          return `${v} ${show(row[`k_${v}`])} but the events give ${show(row[`e_${v}`])}`;
        });
      problems.push(`${table.name}, ${keyText(table, row)}: ${what.join('; ')}`);
    }
    if (found.length > SHOWN)
      problems.push(`${table.name}: ${found.length - SHOWN} more differences not shown`);
  }
  return { rows, problems };
}

export interface RebuildReport {
  rows: Record<Table['name'], number>;
  ms: number;
}

/**
 * Refills every rollup from the events, in one transaction: emptied, then each table inserted from
 * its recomputation. On PostgreSQL the event tables are locked against writes first (SHARE mode:
 * reads go on, each writer waits, then finds the rebuilt rows); SQLite's one writer is this
 * transaction. For a repair after `stats:check` finds a difference, or after loading rows by hand.
 */
export async function rebuildStats(db: Db): Promise<RebuildReport> {
  const started = performance.now();
  const rows = {} as RebuildReport['rows'];
  await db.transaction().execute(async (tx) => {
    if (isPostgres(tx)) await statsRepository.lockEvents(tx);
    for (const table of TABLES) {
      rows[table.name] = n(await statsRepository.refill(tx, table));
    }
  });
  return { rows, ms: Math.round(performance.now() - started) };
}
