import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];

/**
 * The express lane and the alliance (docs/design.md §5; docs/express-alliance.md).
 *
 * - `express_packages`: what operators sell: a name per language (JSON text `{lang: name}`, read
 *   whole, never queried into), price, days, how many products it features, on sale or not.
 * - `express_purchases`: each purchase with the package's terms of that day (names, price, days,
 *   count), its window [starts_at, ends_at), the journal that paid it, and `ended_at`, set once by
 *   the periodic job that tells the merchant the promotion ended (null while it has not run).
 * - `express_featured`: the products a purchase features, by catalogue product (a listing removed
 *   and added again during the window is featured again), with the purchase's `ends_at` copied so
 *   "featured now" is one index range: merchant, product, ends_at > now.
 * - `alliance_settings`: the one row of the commission rate (basis points, 0 at first).
 * - `alliance_commissions`: one row per member order that paid its parent a commission (unique by
 *   order, so a settlement pays at most once), with the base, the rate used and its journal.
 *
 * `listings.recommended` (006) goes: whether a listing is recommended is computed from the active
 * purchases at the clock's time, so there is no second copy of it to go stale.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);

  await db.schema
    .createTable('express_packages')
    .$call(k.id())
    .addColumn('main_lang', 'text', (c) => c.notNull().check(k.oneOf('main_lang', LANGS)))
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('price', k.bigint, (c) => c.notNull().check(sql`price > 0`))
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days >= 1`))
    .addColumn('product_count', 'integer', (c) => c.notNull().check(sql`product_count >= 1`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(k.timestamps)
    .execute();

  await db.schema
    .createTable('express_purchases')
    .$call(k.id())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('express_packages.id'))
    .addColumn('main_lang', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('price', k.bigint, (c) => c.notNull().check(sql`price > 0`))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('product_count', 'integer', (c) => c.notNull())
    .addColumn('starts_at', k.bigint, (c) => c.notNull())
    .addColumn('ends_at', k.bigint, (c) => c.notNull())
    .addColumn('ended_at', k.bigint)
    .addColumn('journal_id', k.bigint, (c) => c.references('journals.id'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addCheckConstraint('express_purchases_window', sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex('express_purchases_merchant')
    .on('express_purchases')
    .columns(['merchant_id', 'id'])
    .execute();
  // The expiry job's range: purchases not yet ended, by end.
  await db.schema
    .createIndex('express_purchases_ending')
    .on('express_purchases')
    .columns(['ended_at', 'ends_at'])
    .execute();

  await db.schema
    .createTable('express_featured')
    .addColumn('purchase_id', 'integer', (c) => c.notNull().references('express_purchases.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('ends_at', k.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('express_featured_pkey', ['purchase_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('express_featured_now')
    .on('express_featured')
    .columns(['merchant_id', 'product_id', 'ends_at'])
    .execute();

  await db.schema
    .createTable('alliance_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
    .addColumn('commission_bps', 'integer', (c) => c.notNull().check(sql`commission_bps >= 0`))
    .addColumn('updated_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('updated_at', k.bigint)
    .execute();
  await db
    .insertInto('alliance_settings')
    .values({ id: 1, commission_bps: 0, updated_by: null, updated_at: null })
    .execute();

  await db.schema
    .createTable('alliance_commissions')
    .$call(k.id())
    .addColumn('parent_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('base', k.bigint, (c) => c.notNull().check(sql`base > 0`))
    .addColumn('rate_bps', 'integer', (c) => c.notNull().check(sql`rate_bps > 0`))
    .addColumn('amount', k.bigint, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('journal_id', k.bigint, (c) => c.references('journals.id'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alliance_commissions_parent')
    .on('alliance_commissions')
    .columns(['parent_id', 'member_id'])
    .execute();

  await db.schema.alterTable('listings').dropColumn('recommended').execute();
}
