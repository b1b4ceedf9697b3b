import { type CatalogueSort, SEARCH_MIN_INDEXED_CHARS } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import { PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';

/** What a merchant's catalogue reads filter on: all of it optional but the language. */
export interface CatalogueFilter {
  /** The caller's language: titles are searched in it and in each product's main language. */
  lang: Lang;
  keyword?: string | undefined;
  /** A category; a parent category includes its children. */
  categoryId?: number | undefined;
  /** Hot products only. */
  hot?: boolean;
}

/** A catalogue product as the distribution centre lists it (cost in minor units). */
export interface CatalogueRow {
  id: number;
  category_id: number;
  cost: number;
  stock: number;
  hot: number;
  sales: number;
  /** 1 when this merchant lists it (titles come apart, from `texts`). */
  listed: number;
}

export interface ProductRow {
  id: number;
  category_id: number;
  cost: number;
  stock: number;
  hot: number;
  active: number;
  sales: number;
}

export interface ImageRow {
  product_id: number | null;
  key: string;
  thumb_width: number;
  thumb_height: number;
  detail_width: number;
  detail_height: number;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern (escape character `\`). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 query of one phrase: the keyword as it is, whatever operators it spells (`"` doubled). */
export function ftsPhrase(keyword: string): string {
  return `"${keyword.replaceAll('"', '""')}"`;
}

/**
 * The one place the two engines differ: "this `product_texts` row (alias `pt`) has the keyword in
 * its title", each engine through its own trigram index.
 *
 * - PostgreSQL: `pt.title ILIKE '%kw%'`, which the pg_trgm GIN index on `product_texts.title`
 *   answers (a bitmap index scan, rechecked) when the keyword has 3 characters or more.
 * - SQLite: the FTS5 trigram table, `product_texts_fts MATCH '"kw"'` (the keyword as one quoted
 *   phrase, so no FTS operator can be typed in), joined back to `product_texts` by rowid (external
 *   content: the FTS rowid is `product_texts.id`). Case-insensitive like ILIKE.
 *
 * Keywords shorter than SEARCH_MIN_INDEXED_CHARS (3 characters, counted in code points) hold no
 * trigram, so neither index can answer them: FTS5 MATCH would find nothing, and pg_trgm would read
 * its whole index. Both engines then scan the titles with LIKE (SQLite; ASCII case-insensitive)
 * or ILIKE (PostgreSQL), limited to the texts in the caller's and the main language. Correct, but
 * a scan: its time grows with the catalogue (docs/catalogue.md, "Search").
 */
function titleMatches(db: Db, keyword: string): RawBuilder<SqlBool> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) return sql<SqlBool>`pt.title ilike ${likePattern(keyword)} escape '\\'`;
  if ([...keyword].length >= SEARCH_MIN_INDEXED_CHARS)
    return sql<SqlBool>`pt.id in (select rowid from product_texts_fts where product_texts_fts match ${ftsPhrase(keyword)})`;
  return sql<SqlBool>`pt.title like ${likePattern(keyword)} escape '\\'`;
}

/**
 * Ids of the products whose title has the keyword in `lang` or in the product's own main language.
 * Uncorrelated, so each engine runs it once from its index and joins the few ids it finds.
 */
export function productsMatching(db: Db, lang: Lang, keyword: string) {
  return db
    .selectFrom('product_texts as pt')
    .innerJoin('products as pm', 'pm.id', 'pt.product_id')
    .select('pt.product_id')
    .where(titleMatches(db, keyword))
    .where((eb) => eb.or([eb('pt.lang', '=', lang), eb('pt.lang', '=', eb.ref('pm.main_lang'))]));
}

/**
 * The active products a filter matches (FROM `products as p` and WHERE only): search, hot and the
 * distribute-all calls build on it, so what a merchant sees is what "distribute all" lists.
 */
export function activeProducts(db: Db, filter: CatalogueFilter) {
  let q = db.selectFrom('products as p').where('p.active', '=', 1);
  const { categoryId, keyword } = filter;
  if (categoryId !== undefined)
    q = q.where(
      'p.category_id',
      'in',
      db
        .selectFrom('categories')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)])),
    );
  if (keyword) q = q.where('p.id', 'in', productsMatching(db, filter.lang, keyword));
  if (filter.hot) q = q.where('p.hot', '=', 1);
  return q;
}

/** A product's title and description as a merchant reads them. */
export interface ProductText {
  title: string;
  description: string;
}

/**
 * Reads of the catalogue as merchants see it: the category tree, search and hot pages, a product's
 * detail, its texts in a language with the fallback, and its images.
 */
export const catalogueRepository = {
  /** Every category with its name in `lang`, else in its main language; by sort, then id. */
  categories(db: Db, lang: Lang) {
    return db
      .selectFrom('categories as c')
      .leftJoin('category_names as nl', (j) =>
        j.onRef('nl.category_id', '=', 'c.id').on('nl.lang', '=', lang),
      )
      .leftJoin('category_names as nm', (j) =>
        j.onRef('nm.category_id', '=', 'c.id').onRef('nm.lang', '=', 'c.main_lang'),
      )
      .select(['c.id', 'c.parent_id', sql<string>`coalesce(nullif(nl.name, ''), nm.name, '')`.as('name')])
      .orderBy('c.sort', 'asc')
      .orderBy('c.id', 'asc')
      .execute();
  },

  /**
   * A page of the active products `filter` matches, in `sort` order, each with whether
   * `merchantId` lists it (titles come from `texts`, for the page's rows only). Ties follow the
   * index the sort reads (`products_cost`, `products_sales`): newest first, except oldest first
   * among equal prices low to high.
   */
  page(
    db: Db,
    merchantId: number,
    filter: CatalogueFilter,
    sort: CatalogueSort,
    paging: Paging,
  ): Promise<PageOf<CatalogueRow>> {
    return fetchPage(
      activeProducts(db, filter),
      (q) => {
        const rows = q
          .leftJoin('listings as l', (j) =>
            j.onRef('l.product_id', '=', 'p.id').on('l.merchant_id', '=', merchantId),
          )
          .select([
            'p.id',
            'p.category_id',
            'p.cost',
            'p.stock',
            'p.hot',
            'p.sales',
            sql<number>`case when l.id is null then 0 else 1 end`.as('listed'),
          ]);
        if (sort === 'price') return rows.orderBy('p.cost', 'asc').orderBy('p.id', 'asc');
        if (sort === 'price_desc') return rows.orderBy('p.cost', 'desc').orderBy('p.id', 'desc');
        if (sort === 'sales') return rows.orderBy('p.sales', 'desc').orderBy('p.id', 'desc');
        return rows.orderBy('p.id', 'desc');
      },
      paging,
      (rows) => rows,
    );
  },

  /** A product, active or not (the caller decides who may see it). */
  product(db: Db, productId: number): Promise<ProductRow | undefined> {
    return db
      .selectFrom('products')
      .select(['id', 'category_id', 'cost', 'stock', 'hot', 'active', 'sales'])
      .where('id', '=', productId)
      .executeTakeFirst();
  },

  /**
   * Each product's title and description in `lang`, else in the product's main language, else ''
   * (the screen then says there is no title). A field left empty in `lang` falls back on its own.
   */
  async texts(db: Db, lang: Lang, productIds: readonly number[]): Promise<Map<number, ProductText>> {
    if (!productIds.length) return new Map();
    const rows = await db
      .selectFrom('product_texts as pt')
      .innerJoin('products as p', 'p.id', 'pt.product_id')
      .select(['pt.product_id', 'pt.lang', 'pt.title', 'pt.description', 'p.main_lang'])
      .where('pt.product_id', 'in', [...new Set(productIds)])
      .where((eb) => eb.or([eb('pt.lang', '=', lang), eb('pt.lang', '=', eb.ref('p.main_lang'))]))
      .execute();
    const texts = new Map<number, ProductText>();
    for (const id of productIds) {
      const own = rows.find((r) => r.product_id === id && r.lang === lang);
      const main = rows.find((r) => r.product_id === id && r.lang === r.main_lang);
      texts.set(id, {
        title: own?.title || main?.title || '',
        description: own?.description || main?.description || '',
      });
    }
    return texts;
  },

  /** A product's images in the order to show them. */
  images(db: Db, productId: number): Promise<ImageRow[]> {
    return db
      .selectFrom('product_images')
      .select(['product_id', 'key', 'thumb_width', 'thumb_height', 'detail_width', 'detail_height'])
      .where('product_id', '=', productId)
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  },

  /** The first image of each product (lowest sort, then oldest), for the thumbnails of a list. */
  async firstImages(db: Db, productIds: readonly number[]): Promise<Map<number, ImageRow>> {
    if (!productIds.length) return new Map();
    const rows = await db
      .selectFrom('product_images as i')
      .select([
        'i.product_id',
        'i.key',
        'i.thumb_width',
        'i.thumb_height',
        'i.detail_width',
        'i.detail_height',
      ])
      .where('i.product_id', 'in', [...new Set(productIds)])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('product_images as j')
              .select('j.id')
              .whereRef('j.product_id', '=', 'i.product_id')
              .where((e) =>
                e.or([
                  e('j.sort', '<', e.ref('i.sort')),
                  e.and([e('j.sort', '=', e.ref('i.sort')), e('j.id', '<', e.ref('i.id'))]),
                ]),
              ),
          ),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [r.product_id as number, r]));
  },
};
