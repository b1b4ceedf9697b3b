import type { Lang } from '@dropdesk/contract/constants';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { isIndexed, likePattern, searchKey } from '../../db/text-search';

/**
 * Title search, the one place the two engines differ (docs/design.md §3: each engine's own full-text index;
 * docs/catalogue.md "Search" has the measurements behind it). Case and accents don't matter: the
 * keyword is folded (`searchKey`, the contract's foldText) and compared with the titles' folded
 * twins, `product_texts.title_fold`, which both engines index (migration 015).
 *
 * - SQLite: `product_search`, an FTS5 table with the trigram tokenizer and one row per product
 *   (rowid = −products.id, so ascending rowids are newest first): the folded title in the product's
 *   main language (`main`) and one column per language. The keyword is one quoted phrase (its own
 *   characters are never query syntax), limited to the columns of the caller's language and
 *   `main`. Because the table is in product order, a "newest first" page reads matches from the
 *   top and stops (see `drivesNewest`).
 * - PostgreSQL: `product_texts.title_fold LIKE '%kw%'`, answered by the pg_trgm GIN index, on the
 *   texts in the caller's language or the product's main language.
 *
 * A keyword shorter than a trigram (SEARCH_MIN_INDEXED_CHARS, in code points) holds none, so
 * neither index can answer it: both engines then scan the titles with LIKE / ILIKE. Correct but a
 * scan, so its time grows with the catalogue.
 */

/** Whose titles a search reads: a merchant's language and each product's main one, or all of them. */
export type TitleScope = Lang | 'any';

/** The product_search column of a language (`zh-CN` → `zh_cn`). */
function searchColumn(lang: Lang): string {
  return lang.toLowerCase().replace('-', '_');
}

/** An FTS5 query: the keyword as one phrase (`"` doubled), in the scope's columns. */
export function ftsQuery(keyword: string, scope: TitleScope): string {
  const phrase = `"${keyword.replaceAll('"', '""')}"`;
  return scope === 'any' ? phrase : `{main ${searchColumn(scope)}} : ${phrase}`;
}

/**
 * SQLite: "the product_search row `s` matches" (an indexed MATCH, or a scan of the folded titles
 * for a keyword shorter than a trigram).
 */
function searchRowMatches(keyword: string, scope: TitleScope): Expression<SqlBool> {
  const key = searchKey(keyword);
  if (isIndexed(key)) return sql<SqlBool>`s.product_search match ${ftsQuery(key, scope)}`;
  const columns =
    scope === 'any' ? ['main', 'zh_cn', 'en', 'ko', 'ja', 'th', 'vi', 'tr'] : ['main', searchColumn(scope)];
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`instr(${sql.ref(`s.${c}`)}, ${key}) > 0`),
    sql` or `,
  )})`;
}

/**
 * "The product_texts row `pt` of product `pm` is in scope and holds the keyword", on the folded
 * titles: PostgreSQL's LIKE (the pg_trgm index answers it as a set), SQLite's instr() for one
 * product's texts.
 */
function textsOf(keyword: string, scope: TitleScope, postgres: boolean) {
  const key = searchKey(keyword);
  return (db: Db) =>
    db
      .selectFrom('product_texts as pt')
      .innerJoin('products as pm', 'pm.id', 'pt.product_id')
      .select('pt.product_id')
      .where(
        postgres
          ? sql<SqlBool>`pt.title_fold like ${likePattern(key)} escape '\\'`
          : sql<SqlBool>`instr(pt.title_fold, ${key}) > 0`,
      )
      .$if(scope !== 'any', (q) =>
        q.where((eb) =>
          eb.or([eb('pt.lang', '=', scope as Lang), eb('pt.lang', '=', eb.ref('pm.main_lang'))]),
        ),
      );
}

/**
 * The ids of the products whose title holds the keyword (a subquery selecting `product_id`),
 * read from the index as a set: for a filter on few rows, or a sort that needs every match.
 */
export function matchingProductIds(db: Db, keyword: string, scope: TitleScope) {
  if (isPostgres(db)) return textsOf(keyword, scope, true)(db);
  return db
    .selectFrom('product_search as s')
    .select(sql<number>`-s.rowid`.as('product_id'))
    .where(searchRowMatches(keyword, scope));
}

/**
 * "Product `productId` (a column reference) has the keyword in its title", checked on that one
 * product's texts (by the product_texts_product_lang index): for filters over a bounded set (a
 * merchant's listings), where reading every match of a broad word from the index would cost more
 * than reading the few titles. Case and accents don't matter: the folded keyword against the
 * folded titles ("den ban" finds "Đèn bàn").
 */
export function productTitleMatches(db: Db, productId: string, keyword: string, scope: TitleScope) {
  const texts = textsOf(
    keyword,
    scope,
    isPostgres(db),
  )(db).whereRef('pt.product_id', '=', sql.ref(productId));
  return sql<SqlBool>`exists ${texts}`;
}

/**
 * Whether a "newest first" search should be read from the index in product order (SQLite, a
 * keyword the index answers): the page then costs its own rows, not every match of the keyword.
 */
export function drivesNewest(db: Db, keyword: string | undefined): keyword is string {
  return keyword !== undefined && !isPostgres(db) && isIndexed(keyword);
}

/** SQLite: the search rows of a keyword, as the driving table `s` of a page (see drivesNewest). */
export function searchRows(db: Db, keyword: string, scope: TitleScope) {
  return db.selectFrom('product_search as s').where(searchRowMatches(keyword, scope));
}
