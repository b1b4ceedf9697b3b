import type { Kysely } from 'kysely';
import type { Engine } from '../database';

/**
 * Login attempts in flight, counted apart from confirmed failures (see auth.service.ts login): how
 * many attempts on a key are being checked, and until when their lease runs. One column per
 * statement: SQLite's ALTER TABLE adds one at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('login_failures')
    .addColumn('inflight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('login_failures')
    .addColumn('inflight_until', time, (c) => c.notNull().defaultTo(0))
    .execute();
}
