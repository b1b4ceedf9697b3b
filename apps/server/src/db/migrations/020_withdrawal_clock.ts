import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * A clock on every withdrawal (docs/wallet.md "The payout clock"): `due_at`, when the promise made
 * when it was asked runs out (created + the processing hours of that moment, so a later change of
 * the setting does not move a promise already made), and `late_noticed_at`, when the merchant was
 * told it is late (once). Withdrawals asked before today get the promise of today's setting.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  await db.schema.alterTable('withdrawals').addColumn('due_at', k.bigint).execute();
  await db.schema.alterTable('withdrawals').addColumn('late_noticed_at', k.bigint).execute();
  await sql`update withdrawals set due_at = created_at + 3600000 * (select processing_hours from wallet_settings where id = 1)`.execute(
    db,
  );
  // The queue (pending, soonest due first) and the sweep for late ones read it.
  await db.schema.createIndex('withdrawals_due').on('withdrawals').columns(['status', 'due_at']).execute();
}
