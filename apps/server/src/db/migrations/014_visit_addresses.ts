import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';

/**
 * Visitors nobody can inflate (docs/dashboard.md "Visitors"): `shop_visit_addresses`
 * counts, per shop, local day (as `shop_visits.day`) and client address, the visitors counted from
 * that address, so one address adds at most a few new visitors to a shop a day
 * (modules/store/visitors.ts). The address is kept only as a keyed hash (never the address itself);
 * a client's IPv6 address is its /64 prefix. Visits recorded before this migration had no address:
 * none is filled in.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('shop_visit_addresses')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('shop_visit_addresses_pkey', ['merchant_id', 'day', 'address'])
    .$call((t) => (engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
}
