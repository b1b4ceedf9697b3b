import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * How the platform takes a manual top-up: one row at most, the instructions an admin
 * wrote (cash at an office, an agent, a wallet app...), none until one is written, so the manual
 * method stays closed on a fresh platform like the other two. Until then manual and bank-card
 * top-ups both opened on the receiving bank account (004) and showed the same screen.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  await db.schema
    .createTable('topup_manual')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
    .addColumn('updated_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('updated_at', k.bigint, (c) => c.notNull())
    .execute();
}
