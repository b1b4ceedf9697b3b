import { foldText } from '@dropdesk/contract/fold';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Engine } from '../database';

const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];
/** 006's search table: the main language's title, then one column per language (zh-CN as zh_cn). */
const SEARCH_COLUMNS = ['main', ...LANGS.map((lang) => lang.toLowerCase().replace('-', '_'))];
/** Rows folded per statement batch while filling the new columns. */
const BATCH = 500;

/**
 * Search that ignores case and accents ("viet" found nothing, "dien thoai" did not find
 * "Điện thoại"). Each searched text gets a folded twin, written by the application with the
 * contract's `foldText` (the one folding of every search, also the app's), and the engines'
 * indexes move to it:
 *
 * - `product_texts.title_fold`: SQLite's FTS5 `product_search` (006) now holds the folded titles
 *   (its triggers read `title_fold`); PostgreSQL's pg_trgm index is on `title_fold`.
 * - `shops.name_fold`: the same for SQLite's `shop_search` and PostgreSQL's trigram index (013).
 * - `orders.title_fold`: the order list's keyword (a merchant's orders, read by its indexes, then
 *   tested), compared folded on both engines.
 *
 * SQLite's FTS5 `remove_diacritics` option would not do: it leaves `đ`, which has no decomposition,
 * and PostgreSQL's `unaccent` would be a second folding with its own rules and collation-dependent
 * lower case. The columns are filled here with foldText as it is today; a change of foldText comes
 * with a migration that folds them again. `''` is only the default SQLite needs to add a NOT NULL
 * column: the schema's types make every insert name the folded column.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const [table, column] of [
    ['product_texts', 'title_fold'],
    ['shops', 'name_fold'],
    ['orders', 'title_fold'],
  ] as const)
    await db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();

  await fill(db, 'product_texts', ['product_id', 'lang'], 'title', 'title_fold');
  await fill(db, 'shops', ['merchant_id'], 'name', 'name_fold');
  await fill(db, 'orders', ['id'], 'title', 'title_fold');

  if (engine === 'sqlite') {
    // The FTS5 tables hold the folded texts from now on: triggers again, reading the folded
    // columns, and every row written again.
    for (const name of [
      'product_texts_search_insert',
      'product_texts_search_update',
      'product_texts_search_delete',
      'products_search_main_lang',
      'shops_search_insert',
      'shops_search_update',
      'shops_search_delete',
    ])
      await sql`drop trigger ${sql.id(name)}`.execute(db);
    /** The search rows of the products `where` picks: minus the id, then the folded titles. */
    const productRows = (where: string) => `
      insert into product_search (rowid, ${SEARCH_COLUMNS.join(', ')})
      select -p.id,
        (select t.title_fold from product_texts t where t.product_id = p.id and t.lang = p.main_lang),
        ${LANGS.map((lang) => `(select t.title_fold from product_texts t where t.product_id = p.id and t.lang = '${lang}')`).join(',\n        ')}
      from products p ${where}`;
    const rebuild = (productId: string) =>
      sql.raw(`
      delete from product_search where rowid = -${productId};
      ${productRows(`where p.id = ${productId}`)};`);
    for (const [name, event, id] of [
      ['product_texts_search_insert', 'after insert on product_texts', 'new.product_id'],
      ['product_texts_search_update', 'after update of title_fold on product_texts', 'new.product_id'],
      ['product_texts_search_delete', 'after delete on product_texts', 'old.product_id'],
      ['products_search_main_lang', 'after update of main_lang on products', 'new.id'],
    ] as const)
      await sql`create trigger ${sql.id(name)} ${sql.raw(event)} begin ${rebuild(id)} end`.execute(db);
    await sql`delete from product_search`.execute(db);
    await sql.raw(productRows('')).execute(db);

    for (const [name, body] of [
      [
        'shops_search_insert',
        'after insert on shops begin insert into shop_search (rowid, name) values (-new.merchant_id, new.name_fold); end',
      ],
      [
        'shops_search_update',
        'after update of name_fold on shops begin delete from shop_search where rowid = -old.merchant_id; insert into shop_search (rowid, name) values (-new.merchant_id, new.name_fold); end',
      ],
      [
        'shops_search_delete',
        'after delete on shops begin delete from shop_search where rowid = -old.merchant_id; end',
      ],
    ] as const)
      await sql`create trigger ${sql.id(name)} ${sql.raw(body)}`.execute(db);
    await sql`delete from shop_search`.execute(db);
    await sql`insert into shop_search (rowid, name) select -merchant_id, name_fold from shops`.execute(db);
  } else {
    await sql`drop index product_texts_title_trgm`.execute(db);
    await sql`create index product_texts_title_fold_trgm on product_texts using gin (title_fold gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop index shops_name_trgm`.execute(db);
    await sql`create index shops_name_fold_trgm on shops using gin (name_fold gin_trgm_ops)`.execute(db);
  }
}

/** Writes `to` = foldText(`from`) on every row of `table`, a batch at a time in key order. */
async function fill(
  // biome-ignore lint/suspicious/noExplicitAny: as above
  db: Kysely<any>,
  table: string,
  key: readonly string[],
  from: string,
  to: string,
): Promise<void> {
  let after: unknown[] | null = null;
  for (;;) {
    let q = db
      .selectFrom(table)
      .select([...key, from])
      .orderBy(key.map((k) => sql.ref(k)))
      .limit(BATCH);
    if (after) q = q.where(sql<SqlBool>`(${sql.join(key.map((k) => sql.ref(k)))}) > (${sql.join(after)})`);
    const rows = (await q.execute()) as Record<string, unknown>[];
    if (!rows.length) return;
    // A batch per transaction on SQLite, whose migrations run outside one (each statement would
    // otherwise be a commit, flushed to disk); PostgreSQL runs the whole migration in one.
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const write = async (tx: Kysely<any>) => {
      for (const row of rows) {
        const folded = foldText(String(row[from] ?? ''));
        let u = tx.updateTable(table).set({ [to]: folded });
        for (const k of key) u = u.where(k, '=', row[k]);
        await u.execute();
      }
    };
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = key.map((k) => last[k]);
  }
}
