import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * The platform's receiving bank account for manual and bank-card top-ups: one row at most,
 * none until an admin sets it, so those methods stay closed on a fresh platform (the demo seed adds
 * none: no real-looking account anyone might pay into). `reference_rule` is a template like
 * `DD{merchant_id}` that gives each merchant its own transfer reference.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  await db.schema
    .createTable('topup_bank_account')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('reference_rule', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
    .addColumn('updated_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('updated_at', k.bigint, (c) => c.notNull())
    .execute();
}
