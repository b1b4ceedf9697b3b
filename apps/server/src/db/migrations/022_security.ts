import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * The merchant's security centre (docs/security.md):
 *
 * - `sessions` remember where they were opened: the browser's `user_agent`, the client `ip`, the
 *   `device_key` (SHA-256 of the app's device id, else of the user agent) that tells a new device
 *   from a known one, and the `country` of the address at that moment. Sessions opened before today
 *   keep nulls: they count as no known device.
 * - `security_events`: the account's history (sign-ins, sign-outs, sessions ended from the centre,
 *   password, bank card and address changes), each with where its request came from and the params
 *   its words need (JSON). Append-only, like the audit log: triggers refuse UPDATE, DELETE and (on
 *   PostgreSQL) TRUNCATE. The merchant's page reads it newest first by (merchant_id, id).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  for (const column of ['user_agent', 'ip', 'device_key', 'country'])
    await db.schema.alterTable('sessions').addColumn(column, 'text').execute();

  await db.schema
    .createTable('security_events')
    .$call(k.id('bigint'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          k.oneOf('kind', [
            'sign_in',
            'sign_in_new_device',
            'sign_out',
            'session_signed_out',
            'other_sessions_signed_out',
            'login_password_changed',
            'pay_password_set',
            'pay_password_changed',
            'bank_card_changed',
            'withdraw_address_changed',
          ]),
        ),
    )
    // The session the request was made with, or the one a sign-in opened (null: none, e.g. a reset by code).
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id'))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('country', 'text')
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_events_merchant')
    .on('security_events')
    .columns(['merchant_id', 'id'])
    .execute();
  await k.appendOnly('security_events');
}
