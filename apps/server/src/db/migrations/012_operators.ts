import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * Operators and security (docs/console-api.md "Operators and security"):
 *
 * - `operators` gains its second factor: `totp_secret` (the TOTP secret sealed with AES-GCM under a
 *   key derived from SECRET, never in clear), `totp_enrolled_at` (null: the next login enrols),
 *   `totp_last_step` (the last 30-second step whose code was accepted: a code is good once), and
 *   `last_login_at`.
 * - `operator_login_tickets`: between the password and the code. A login with the right password
 *   gets a ticket (only its SHA-256 here) of kind `totp`, or `enroll` with the new secret it offers
 *   (sealed); valid 5 minutes, 5 wrong codes at most, used once.
 * - `audit_log` gains `before` and `after` (JSON text, null where there is none: a creation has no
 *   before), and becomes append-only like the ledger: its UPDATE, DELETE (and on PostgreSQL TRUNCATE)
 *   are refused by triggers, whatever the role. Until now only the code kept it so.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  await db.schema.alterTable('operators').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('operators').addColumn('totp_enrolled_at', k.bigint).execute();
  await db.schema.alterTable('operators').addColumn('totp_last_step', k.bigint).execute();
  await db.schema.alterTable('operators').addColumn('last_login_at', k.bigint).execute();

  await db.schema
    .createTable('operator_login_tickets')
    .$call(k.id())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(k.oneOf('kind', ['totp', 'enroll'])))
    // The secret an `enroll` ticket offers, sealed; recorded on the operator by the right code.
    .addColumn('totp_secret', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('expires_at', k.bigint, (c) => c.notNull())
    .addColumn('used_at', k.bigint)
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_login_tickets_operator')
    .on('operator_login_tickets')
    .columns(['operator_id', 'id'])
    .execute();

  await db.schema.alterTable('audit_log').addColumn('before', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('after', 'text').execute();
  // The console's audit screen filters by operator and by action, newest first.
  await db.schema.createIndex('audit_log_operator').on('audit_log').columns(['operator_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await k.appendOnly('audit_log');
}
