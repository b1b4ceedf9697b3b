import { type CatalogueSort, SEARCH_COUNT_CAP } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { countUpTo, fetchPage, type PageOf, type Paging } from '../../db/paging';
import { drivesNewest, matchingProductIds, searchRows } from './search.repository';

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

// A query with `products as p` in its FROM (and maybe other tables): the builder's own type
// parameters are not ours to spell here.
// biome-ignore lint/suspicious/noExplicitAny: see above
type WithProducts = SelectQueryBuilder<any, any, object>;

/**
 * The conditions of a filter on `p` (active, category, keyword, hot), added to a query that has
 * `products as p`. A category is read through `top_category_id`, one index range per top category
 * in product order: a parent's range holds its children's products, and a child is that range
 * filtered.
 */
function narrowed<Q extends WithProducts>(q: Q, db: Db, filter: CatalogueFilter): Q {
  let out = q.where('p.active', '=', 1);
  const { categoryId, keyword } = filter;
  if (categoryId !== undefined)
    out = out
      .where(
        'p.top_category_id',
        '=',
        db
          .selectFrom('categories')
          .select((eb) => eb.fn.coalesce('parent_id', 'id').as('top'))
          .where('id', '=', categoryId),
      )
      .where((eb) => eb.or([eb('p.category_id', '=', categoryId), eb('p.top_category_id', '=', categoryId)]));
  if (keyword) out = out.where('p.id', 'in', matchingProductIds(db, keyword, filter.lang));
  if (filter.hot) out = out.where('p.hot', '=', 1);
  return out as Q;
}

/**
 * The active products a filter matches (FROM `products as p` and WHERE only): search, hot and the
 * distribute-all calls build on it, so what a merchant sees is what "distribute all" lists.
 */
export function activeProducts(db: Db, filter: CatalogueFilter) {
  return narrowed(db.selectFrom('products as p'), db, filter);
}

/** A catalogue row's columns, with whether `merchantId` lists the product. */
function withListed<Q extends WithProducts>(q: Q, merchantId: number) {
  return q
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
      // biome-ignore lint/suspicious/noExplicitAny: as WithProducts
    ]) as unknown as WithProducts & SelectQueryBuilder<any, any, CatalogueRow>;
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
  async page(
    db: Db,
    merchantId: number,
    filter: CatalogueFilter,
    sort: CatalogueSort,
    paging: Paging,
  ): Promise<PageOf<CatalogueRow>> {
    const count = countUpTo(db, SEARCH_COUNT_CAP);
    const { keyword } = filter;
    if (sort === 'newest' && drivesNewest(db, keyword)) {
      // SQLite, newest first with a keyword: one read of the index in product order, up to one row
      // past the page, gives the page and whether more match; it stops there, instead of
      // collecting every match of a broad word to sort and count it. `total` is then what is known
      // (the rows up to this page), and `capped` says more follow.
      const offset = (paging.page - 1) * paging.limit;
      const matches = await narrowed(
        searchRows(db, keyword, filter.lang).innerJoin('products as p', (j) =>
          j.on('p.id', '=', sql<number>`-s.rowid`),
        ),
        db,
        { ...filter, keyword: undefined },
      )
        .select(sql<number>`-s.rowid`.as('id'))
        // Ascending rowids are newest first (rowid = −id): FTS5 streams that order.
        .orderBy('s.rowid', 'asc')
        .limit(offset + paging.limit + 1)
        .execute();
      const ids = matches.slice(offset, offset + paging.limit).map((m) => m.id as number);
      const list = ids.length
        ? ((await withListed(db.selectFrom('products as p').where('p.id', 'in', ids), merchantId)
            .orderBy('p.id', 'desc')
            .execute()) as CatalogueRow[])
        : [];
      const more = matches.length > offset + paging.limit;
      return {
        total: more ? offset + paging.limit : matches.length,
        capped: more,
        page: paging.page,
        limit: paging.limit,
        list,
      };
    }
    return fetchPage(
      activeProducts(db, filter),
      (q) => {
        const rows = withListed(q, merchantId);
        if (sort === 'price') return rows.orderBy('p.cost', 'asc').orderBy('p.id', 'asc');
        if (sort === 'price_desc') return rows.orderBy('p.cost', 'desc').orderBy('p.id', 'desc');
        if (sort === 'sales') return rows.orderBy('p.sales', 'desc').orderBy('p.id', 'desc');
        return rows.orderBy('p.id', 'desc');
      },
      paging,
      (r) => r as CatalogueRow[],
      count,
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
