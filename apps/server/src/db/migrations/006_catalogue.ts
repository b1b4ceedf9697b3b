import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];
/** SQLite's search table: the main language's title, then one column per language (zh-CN as zh_cn). */
const SEARCH_COLUMNS = ['main', ...LANGS.map((lang) => lang.toLowerCase().replace('-', '_'))];

/**
 * The catalogue, seller levels and listings (docs/design.md §5).
 *
 * - `categories` (two levels: a parent has `parent_id` null) with a name per language in
 *   `category_names`.
 * - `products` (cost in minor units, stock, hot and active flags, units sold) with a title and a
 *   description per language in `product_texts`, and images in `product_images` (the files are
 *   WebP at two sizes under DATA_DIR/media, named by `key`).
 * - Search: each engine's own trigram index over the titles. SQLite: an FTS5 table with the trigram
 *   tokenizer, one row per product with a column per language, kept in step by triggers.
 *   PostgreSQL: pg_trgm and a GIN index on `product_texts.title` (docs/catalogue.md says why).
 * - `levels`: what a merchant can buy. `merchant_levels`: what each merchant bought, at the terms
 *   of the day (an operator's later change never alters it), and `listings_used`, the counter the
 *   quota is enforced on: a listing add locks this row, so parallel adds can't pass the quota.
 * - `listings`: a merchant's products in the shop, one per product (unique), on shelf (selling) or
 *   in the warehouse. Views and sales are counters the storefront and orders raise with their events.
 *
 * Every shop gets the base level (rank 1, free): this migration creates it and gives it to the
 * merchants there are; registration gives it to new ones.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  const flag = (name: string, fallback: 0 | 1) => (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo(fallback)
      .check(sql`${sql.ref(name)} in (0, 1)`);

  await db.schema
    .createTable('categories')
    .$call(k.id())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('main_lang', 'text', (c) => c.notNull().check(k.oneOf('main_lang', LANGS)))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(k.timestamps)
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').columns(['parent_id', 'sort']).execute();

  await db.schema
    .createTable('category_names')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('lang', 'text', (c) => c.notNull().check(k.oneOf('lang', LANGS)))
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_names_pkey', ['category_id', 'lang'])
    .execute();

  await db.schema
    .createTable('products')
    .$call(k.id())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    // The category's parent, or the category when it is a parent: one index range per top category.
    .addColumn('top_category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('main_lang', 'text', (c) => c.notNull().check(k.oneOf('main_lang', LANGS)))
    .addColumn('cost', k.bigint, (c) => c.notNull().check(sql`cost > 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('hot', 'integer', flag('hot', 0))
    .addColumn('active', 'integer', flag('active', 1))
    .addColumn('sales', k.bigint, (c) => c.notNull().defaultTo(0).check(sql`sales >= 0`))
    .$call(k.timestamps)
    .execute();
  // Newest first (ids grow with time) and by price within a category or a top category (read in
  // index order, so a page stops after its rows); hot by sales; price and sales over everything.
  await db.schema.createIndex('products_category').on('products').columns(['category_id', 'id']).execute();
  await db.schema.createIndex('products_top').on('products').columns(['top_category_id', 'id']).execute();
  await db.schema
    .createIndex('products_top_cost')
    .on('products')
    .columns(['top_category_id', 'cost', 'id'])
    .execute();
  await db.schema.createIndex('products_hot').on('products').columns(['hot', 'sales', 'id']).execute();
  await db.schema.createIndex('products_cost').on('products').columns(['cost', 'id']).execute();
  await db.schema.createIndex('products_sales').on('products').columns(['sales', 'id']).execute();

  await db.schema
    .createTable('product_texts')
    .$call(k.id())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('lang', 'text', (c) => c.notNull().check(k.oneOf('lang', LANGS)))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('product_texts_product_lang')
    .on('product_texts')
    .columns(['product_id', 'lang'])
    .unique()
    .execute();

  if (engine === 'sqlite') {
    // One row per product: its title in the main language and in each language, one column each.
    // The rowid is minus the product's id, so ascending rowid order is newest first: FTS5 streams
    // a match in ascending order (it buffers the whole match to go backwards), and a newest-first
    // search stops after its page. Triggers rebuild a product's row whenever one of its texts or
    // its main language changes.
    await sql`create virtual table product_search using fts5(
      ${sql.raw(SEARCH_COLUMNS.join(', '))}, tokenize='trigram'
    )`.execute(db);
    const rebuild = (productId: string) =>
      sql.raw(`
      delete from product_search where rowid = -${productId};
      insert into product_search (rowid, ${SEARCH_COLUMNS.join(', ')})
        select -p.id,
          (select t.title from product_texts t where t.product_id = p.id and t.lang = p.main_lang),
          ${LANGS.map((lang) => `(select t.title from product_texts t where t.product_id = p.id and t.lang = '${lang}')`).join(',\n          ')}
        from products p where p.id = ${productId};`);
    for (const [name, event, id] of [
      ['product_texts_search_insert', 'after insert on product_texts', 'new.product_id'],
      ['product_texts_search_update', 'after update of title on product_texts', 'new.product_id'],
      ['product_texts_search_delete', 'after delete on product_texts', 'old.product_id'],
      ['products_search_main_lang', 'after update of main_lang on products', 'new.id'],
    ] as const)
      await sql`create trigger ${sql.id(name)} ${sql.raw(event)} begin ${rebuild(id)} end`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index product_texts_title_trgm on product_texts using gin (title gin_trgm_ops)`.execute(
      db,
    );
  }

  await db.schema
    .createTable('product_images')
    .$call(k.id())
    .addColumn('product_id', 'integer', (c) => c.references('products.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('thumb_width', 'integer', (c) => c.notNull())
    .addColumn('thumb_height', 'integer', (c) => c.notNull())
    .addColumn('detail_width', 'integer', (c) => c.notNull())
    .addColumn('detail_height', 'integer', (c) => c.notNull())
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_images_product')
    .on('product_images')
    .columns(['product_id', 'sort'])
    .execute();

  await db.schema
    .createTable('levels')
    .$call(k.id())
    .addColumn('rank', 'integer', (c) => c.notNull().unique().check(sql`rank >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('margin_bps', 'integer', (c) => c.notNull().check(sql`margin_bps >= 0`))
    .addColumn('quota', 'integer', (c) => c.notNull().check(sql`quota >= 1`))
    .addColumn('price', k.bigint, (c) => c.notNull().check(sql`price >= 0`))
    .$call(k.timestamps)
    .execute();

  await db.schema
    .createTable('merchant_levels')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().notNull().references('merchants.id'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('levels.id'))
    .addColumn('margin_bps', 'integer', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    .addColumn('price_paid', k.bigint, (c) => c.notNull())
    .addColumn('bought_at', k.bigint)
    .addColumn('listings_used', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`listings_used >= 0 and listings_used <= quota`),
    )
    .addColumn('updated_at', k.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('listings')
    .$call(k.id())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('selling')
        .check(k.oneOf('status', ['selling', 'warehouse'])),
    )
    .addColumn('recommended', 'integer', flag('recommended', 0))
    .addColumn('views', k.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('sales', k.bigint, (c) => c.notNull().defaultTo(0))
    .$call(k.timestamps)
    .execute();
  await db.schema
    .createIndex('listings_merchant_product')
    .on('listings')
    .columns(['merchant_id', 'product_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('listings_merchant_status')
    .on('listings')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('listings_product').on('listings').columns(['product_id']).execute();

  // The base level every shop starts at, and given to the merchants there are.
  const now = Date.now();
  await db
    .insertInto('levels')
    .values({ rank: 1, name: 'V1', margin_bps: 1_500, quota: 50, price: 0, created_at: now, updated_at: now })
    .execute();
  await sql`insert into merchant_levels (merchant_id, level_id, margin_bps, quota, price_paid, bought_at, listings_used, updated_at)
    select m.id, l.id, l.margin_bps, l.quota, 0, null, 0, ${now} from merchants m, levels l where l.rank = 1`.execute(
    db,
  );
}
