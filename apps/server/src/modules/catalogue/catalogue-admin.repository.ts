import type { Lang } from '@dropdesk/contract/constants';
import { foldText } from '@dropdesk/contract/fold';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type {
  CategoriesTable,
  CategoryNamesTable,
  ProductImagesTable,
  ProductsTable,
  ProductTextsTable,
} from '../../db/schema';
import { matchingProductIds } from './search.repository';

export type CategoryRow = Selectable<CategoriesTable>;
export type CategoryNameRow = Selectable<CategoryNamesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ProductTextRow = Selectable<ProductTextsTable>;
export type ProductImageRow = Selectable<ProductImagesTable>;

export interface NewCategory {
  parentId: number | null;
  mainLang: Lang;
  /** A name per language; the main language's is required by the caller's rules. */
  names: Partial<Record<Lang, string>>;
  sort: number;
}

export interface ProductText {
  lang: Lang;
  title: string;
  description: string;
}

export interface NewProduct {
  categoryId: number;
  mainLang: Lang;
  texts: ProductText[];
  /** Minor units, > 0. */
  cost: number;
  stock: number;
  hot: boolean;
  active: boolean;
}

export interface ProductFilter {
  keyword?: string | undefined;
  /** A category and, for a parent, its subcategories. */
  categoryId?: number | undefined;
  active: 'all' | 'active' | 'inactive';
}

/** Rows per multi-row INSERT: well under either engine's limit of bound parameters. */
const BATCH = 500;

function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A category's parent, or the category when it is a parent (products.top_category_id). */
export function topCategoryOf(db: Db, categoryId: number) {
  return db
    .selectFrom('categories')
    .select((eb) => eb.fn.coalesce('parent_id', 'id').as('top'))
    .where('id', '=', categoryId);
}

/**
 * Queries and writes of the catalogue (categories, products, their texts and images): the operator
 * API, the CSV import, the demo seed and test factories all go through here. The rules (what an
 * operator may change, who is told) are the catalogue admin service's.
 */
export const catalogueAdminRepository = {
  // ------------------------------------------------------------ categories

  async insertCategory(db: Db, category: NewCategory, now: number): Promise<number> {
    const { id } = await db
      .insertInto('categories')
      .values({
        parent_id: category.parentId,
        main_lang: category.mainLang,
        sort: category.sort,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await catalogueAdminRepository.putCategoryNames(db, id, category.names);
    return id;
  },

  /** Sets the names of the languages given (others keep theirs). */
  async putCategoryNames(db: Db, categoryId: number, names: Partial<Record<Lang, string>>): Promise<void> {
    const rows = Object.entries(names).map(([lang, name]) => ({
      category_id: categoryId,
      lang: lang as Lang,
      name: name as string,
    }));
    if (!rows.length) return;
    await db
      .insertInto('category_names')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['category_id', 'lang']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
      )
      .execute();
  },

  categoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
    return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Every category: parents first (by sort), then subcategories by parent and sort. */
  categories(db: Db): Promise<CategoryRow[]> {
    return db
      .selectFrom('categories')
      .selectAll()
      .orderBy(sql`case when parent_id is null then 0 else 1 end`)
      .orderBy('parent_id')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  },

  namesOf(db: Db, categoryIds?: readonly number[]): Promise<CategoryNameRow[]> {
    let q = db.selectFrom('category_names').selectAll();
    if (categoryIds) {
      if (!categoryIds.length) return Promise.resolve([]);
      q = q.where('category_id', 'in', [...categoryIds]);
    }
    return q.execute();
  },

  /** Products per category (directly in it, not through subcategories). */
  async productCounts(db: Db, categoryIds?: readonly number[]): Promise<Map<number, number>> {
    let q = db
      .selectFrom('products')
      .select(['category_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('category_id');
    if (categoryIds) {
      if (!categoryIds.length) return new Map();
      q = q.where('category_id', 'in', [...categoryIds]);
    }
    const rows = await q.execute();
    return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
  },

  async updateCategory(db: Db, id: number, changes: { sort?: number }, now: number): Promise<void> {
    await db
      .updateTable('categories')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  // ------------------------------------------------------------ products

  /** One product with its texts (the operator API, test factories): a batch of one. */
  async insertProduct(db: Db, product: NewProduct, now: number): Promise<number> {
    const [id] = await catalogueAdminRepository.insertProducts(db, [product], now);
    return id as number;
  },

  /**
   * Many products with their texts in a few multi-row INSERTs (the CSV import and the demo seed),
   * inside the caller's transaction. Returns the new ids in the order of `products`: both engines
   * number the rows of one INSERT in the order of its VALUES, so the ascending ids are that order.
   */
  async insertProducts(db: Db, products: readonly NewProduct[], now: number): Promise<number[]> {
    const ids: number[] = [];
    for (const batch of chunks(products)) {
      const rows = await db
        .insertInto('products')
        .values(
          batch.map((p) => ({
            category_id: p.categoryId,
            top_category_id: topCategoryOf(db, p.categoryId),
            main_lang: p.mainLang,
            cost: p.cost,
            stock: p.stock,
            hot: p.hot ? 1 : 0,
            active: p.active ? 1 : 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const batchIds = rows.map((r) => r.id).sort((a, b) => a - b);
      ids.push(...batchIds);
      const texts = batch.flatMap((p, i) =>
        p.texts.map((t) => ({
          product_id: batchIds[i] as number,
          lang: t.lang,
          title: t.title,
          title_fold: foldText(t.title),
          description: t.description,
        })),
      );
      for (const textBatch of chunks(texts)) await db.insertInto('product_texts').values(textBatch).execute();
    }
    return ids;
  },

  /**
   * Sets the texts of the languages given (others keep theirs). An update of a title goes through
   * UPDATE, so SQLite's FTS triggers re-index it; PostgreSQL's GIN index follows by itself.
   */
  async putProductTexts(db: Db, productId: number, texts: ProductText[]): Promise<void> {
    for (const text of texts) {
      const updated = await db
        .updateTable('product_texts')
        .set({ title: text.title, title_fold: foldText(text.title), description: text.description })
        .where('product_id', '=', productId)
        .where('lang', '=', text.lang)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) continue;
      await db
        .insertInto('product_texts')
        .values({
          product_id: productId,
          lang: text.lang,
          title: text.title,
          title_fold: foldText(text.title),
          description: text.description,
        })
        .execute();
    }
  },

  /** Removes a product's texts in these languages (SQLite's delete trigger unindexes them). */
  async deleteProductTexts(db: Db, productId: number, langs: readonly Lang[]): Promise<void> {
    if (!langs.length) return;
    await db
      .deleteFrom('product_texts')
      .where('product_id', '=', productId)
      .where('lang', 'in', [...langs])
      .execute();
  },

  productById(db: Db, id: number): Promise<ProductRow | undefined> {
    return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async updateProduct(
    db: Db,
    id: number,
    changes: Omit<Updateable<ProductsTable>, 'id' | 'created_at' | 'sales'>,
  ): Promise<void> {
    const category = changes.category_id;
    await db
      .updateTable('products')
      .set(
        typeof category === 'number' ? { ...changes, top_category_id: topCategoryOf(db, category) } : changes,
      )
      .where('id', '=', id)
      .execute();
  },

  /** A page of products, newest first. */
  productPage(db: Db, filter: ProductFilter, paging: Paging): Promise<PageOf<ProductRow>> {
    let q = db.selectFrom('products');
    if (filter.categoryId !== undefined) {
      const categoryId = filter.categoryId;
      q = q.where((eb) =>
        eb.or([
          eb('products.category_id', '=', categoryId),
          eb(
            'products.category_id',
            'in',
            eb
              .selectFrom('categories')
              .select('categories.id')
              .where('categories.parent_id', '=', categoryId),
          ),
        ]),
      );
    }
    if (filter.active !== 'all') q = q.where('products.active', '=', filter.active === 'active' ? 1 : 0);
    if (filter.keyword) q = q.where('products.id', 'in', matchingProductIds(db, filter.keyword, 'any'));
    return fetchPage(
      q,
      (f) => f.selectAll('products').orderBy('products.id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  textsOf(db: Db, productIds: readonly number[]): Promise<ProductTextRow[]> {
    if (!productIds.length) return Promise.resolve([]);
    return db
      .selectFrom('product_texts')
      .selectAll()
      .where('product_id', 'in', [...productIds])
      .orderBy('id')
      .execute();
  },

  /** The images attached to these products, in each product's order. */
  imagesOf(db: Db, productIds: readonly number[]): Promise<ProductImageRow[]> {
    if (!productIds.length) return Promise.resolve([]);
    return db
      .selectFrom('product_images')
      .selectAll()
      .where('product_id', 'in', [...productIds])
      .orderBy('product_id')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  },

  /** Shops listing each of these products. */
  async listingCounts(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
    if (!productIds.length) return new Map();
    const rows = await db
      .selectFrom('listings')
      .select(['product_id', (eb) => eb.fn.countAll().as('n')])
      .where('product_id', 'in', [...productIds])
      .groupBy('product_id')
      .execute();
    return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
  },

  /** The merchants whose shops list a product. */
  async listingMerchants(db: Db, productId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('listings')
      .select('merchant_id')
      .where('product_id', '=', productId)
      .orderBy('merchant_id')
      .execute();
    return rows.map((r) => r.merchant_id);
  },

  // ------------------------------------------------------------ images

  async insertImage(db: Db, values: Insertable<ProductImagesTable>): Promise<ProductImageRow> {
    return db.insertInto('product_images').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async insertImages(db: Db, values: readonly Insertable<ProductImagesTable>[]): Promise<void> {
    for (const batch of chunks(values)) await db.insertInto('product_images').values(batch).execute();
  },

  /** The sort after the product's last image. */
  async nextImageSort(db: Db, productId: number): Promise<number> {
    const row = await db
      .selectFrom('product_images')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  },

  /**
   * Puts a product's images in the order of `ids` and detaches the product's others (their rows
   * stay, with no product; the files are never rewritten, since a cached URL may still name them).
   */
  async setImageOrder(db: Db, productId: number, ids: readonly number[]): Promise<void> {
    let detach = db
      .updateTable('product_images')
      .set({ product_id: null })
      .where('product_id', '=', productId);
    if (ids.length) detach = detach.where('id', 'not in', [...ids]);
    await detach.execute();
    for (const [sort, id] of ids.entries())
      await db
        .updateTable('product_images')
        .set({ sort })
        .where('id', '=', id)
        .where('product_id', '=', productId)
        .execute();
  },
};
