import type { Kysely } from 'kysely';
import type { Engine } from '../database';

/**
 * Payment-password checks in flight, counted apart from confirmed failures (see paypwd.service.ts):
 * how many checks hold a slot, until when their lease runs, and a generation that changes when
 * dead slots are dropped, so a late release of a dropped slot can't free someone else's.
 * One column per statement: SQLite's ALTER TABLE adds one at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // Times are epoch milliseconds: bigint on PostgreSQL, integer (64-bit) on SQLite, as in 001.
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('merchants')
    .addColumn('pay_inflight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('merchants').addColumn('pay_inflight_until', time).execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('pay_inflight_gen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
