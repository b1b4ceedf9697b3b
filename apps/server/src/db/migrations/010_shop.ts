import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * Shop settings (docs/shop.md):
 *
 * - `service_contact`: the platform's customer-service contact, one row (id 1) once an admin sets it.
 *   None is written here: until one exists, common/config answers the deployment's SERVICE_URL, so a
 *   deployment keeps the contact it had (a migration does not read the environment).
 * - `shop_closures`: each time an operator closes a shop, with the reason, and its reopening. The
 *   merchant's `status` and `closed_reason` (001) stay what requests check; this is the history.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  await db.schema
    .createTable('service_contact')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('updated_at', k.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shop_closures')
    .$call(k.id())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('closed_at', k.bigint, (c) => c.notNull())
    .addColumn('reopened_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('reopened_at', k.bigint)
    .addColumn('reopen_note', 'text')
    .execute();
  await db.schema
    .createIndex('shop_closures_merchant')
    .on('shop_closures')
    .columns(['merchant_id', 'id'])
    .execute();
}
