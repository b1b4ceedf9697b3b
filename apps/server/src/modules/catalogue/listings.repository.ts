import type { ListingStatus } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import { activeProducts, type CatalogueFilter } from './catalogue.repository';
import { productTitleMatches } from './search.repository';

/** A listing with what the catalogue says of its product today (cost in minor units). */
export interface ListingRow {
  id: number;
  product_id: number;
  status: ListingStatus;
  views: number;
  sales: number;
  created_at: number;
  cost: number;
  stock: number;
  active: number;
}

/** The order products are listed in by a distribute-all: newest first, or best-selling first. */
export type ListOrder = 'newest' | 'sales';

/**
 * Queries of `listings`, a merchant's products in the shop. The quota counter they move is in
 * `merchant_levels` (levels.repository: lockQuota, addListingsUsed); the rules are ListingsService's.
 */
/** The columns of a ListingRow: the listing's, and its product's cost, stock and active flag. */
const LISTING_COLUMNS = [
  'l.id',
  'l.product_id',
  'l.status',
  'l.views',
  'l.sales',
  'l.created_at',
  'p.cost',
  'p.stock',
  'p.active',
] as const;

export const listingsRepository = {
  /** The named products that exist: whether each is active and whether the merchant lists it. */
  classify(db: Db, merchantId: number, productIds: readonly number[]) {
    return db
      .selectFrom('products as p')
      .leftJoin('listings as l', (j) =>
        j.onRef('l.product_id', '=', 'p.id').on('l.merchant_id', '=', merchantId),
      )
      .select(['p.id', 'p.active', sql<number>`case when l.id is null then 0 else 1 end`.as('listed')])
      .where('p.id', 'in', [...productIds])
      .execute();
  },

  /** Lists the products (on shelf); one already listed is left as it is. Returns how many were added. */
  async insert(tx: Db, merchantId: number, productIds: readonly number[], now: number): Promise<number> {
    if (!productIds.length) return 0;
    const result = await tx
      .insertInto('listings')
      .values(
        productIds.map((productId) => ({
          merchant_id: merchantId,
          product_id: productId,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'product_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /** How many active products `filter` matches, and how many of them the merchant lists. */
  async countMatching(db: Db, merchantId: number, filter: CatalogueFilter) {
    const row = await activeProducts(db, filter)
      .leftJoin('listings as l', (j) =>
        j.onRef('l.product_id', '=', 'p.id').on('l.merchant_id', '=', merchantId),
      )
      .select((eb) => [eb.fn.countAll<number>().as('matching'), eb.fn.count<number>('l.id').as('listed')])
      .executeTakeFirstOrThrow();
    return { matching: Number(row.matching), listed: Number(row.listed) };
  },

  /**
   * Lists up to `limit` active products `filter` matches that the merchant does not list yet, in
   * `order`, in one INSERT ... SELECT. Returns how many were added.
   */
  async insertMatching(
    tx: Db,
    merchantId: number,
    filter: CatalogueFilter,
    order: ListOrder,
    limit: number,
    now: number,
  ): Promise<number> {
    if (limit <= 0) return 0;
    let candidates = activeProducts(tx, filter)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('listings as x')
              .select('x.id')
              .whereRef('x.product_id', '=', 'p.id')
              .where('x.merchant_id', '=', merchantId),
          ),
        ),
      )
      .select([
        sql<number>`cast(${merchantId} as integer)`.as('merchant_id'),
        'p.id as product_id',
        sql<number>`cast(${now} as bigint)`.as('created_at'),
        sql<number>`cast(${now} as bigint)`.as('updated_at'),
      ]);
    candidates =
      order === 'sales'
        ? candidates.orderBy('p.sales', 'desc').orderBy('p.id', 'desc')
        : candidates.orderBy('p.id', 'desc');
    const result = await tx
      .insertInto('listings')
      .columns(['merchant_id', 'product_id', 'created_at', 'updated_at'])
      .expression(candidates.limit(limit))
      .onConflict((oc) => oc.columns(['merchant_id', 'product_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /** Puts the merchant's listings `ids` on or off shelf; returns how many of them are the merchant's. */
  async setStatus(
    tx: Db,
    merchantId: number,
    ids: readonly number[],
    status: ListingStatus,
    now: number,
  ): Promise<number> {
    const result = await tx
      .updateTable('listings')
      .set({ status, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Deletes the merchant's listings `ids`; returns how many were the merchant's. Orders keep their
   * own copy of what was sold (title, prices) and never point at a listing row, so removing a
   * listing never removes its order history.
   */
  async remove(tx: Db, merchantId: number, ids: readonly number[]): Promise<number> {
    const result = await tx
      .deleteFrom('listings')
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The merchant's listing `id` with its product's state, or undefined (missing or another's). */
  byId(db: Db, merchantId: number, id: number): Promise<ListingRow | undefined> {
    return listingsRepository
      .withProduct(db)
      .where('l.merchant_id', '=', merchantId)
      .where('l.id', '=', id)
      .executeTakeFirst();
  },

  /** The merchant's listing of a product, or undefined. */
  byProduct(db: Db, merchantId: number, productId: number): Promise<ListingRow | undefined> {
    return listingsRepository
      .withProduct(db)
      .where('l.merchant_id', '=', merchantId)
      .where('l.product_id', '=', productId)
      .executeTakeFirst();
  },

  /** Listings joined to their products, with the columns of ListingRow. */
  withProduct(db: Db) {
    return db
      .selectFrom('listings as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(LISTING_COLUMNS);
  },

  /**
   * A page of the merchant's listings, newest first: on shelf, in the warehouse or both, and those
   * whose product's title has `keyword` (the catalogue search, in `lang` or the main language).
   */
  page(
    db: Db,
    merchantId: number,
    filter: { lang: Lang; status?: ListingStatus | undefined; keyword?: string | undefined },
    paging: Paging,
  ): Promise<PageOf<ListingRow>> {
    let q = db.selectFrom('listings as l').where('l.merchant_id', '=', merchantId);
    if (filter.status) q = q.where('l.status', '=', filter.status);
    // A shop's listings are few beside the catalogue: each is checked by its own index row.
    if (filter.keyword) q = q.where(productTitleMatches(db, 'l.product_id', filter.keyword, filter.lang));
    return fetchPage(
      q,
      (f) =>
        f.innerJoin('products as p', 'p.id', 'l.product_id').select(LISTING_COLUMNS).orderBy('l.id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  /** The merchant's listings on shelf and in the warehouse. */
  async counts(db: Db, merchantId: number): Promise<Record<ListingStatus, number>> {
    const rows = await db
      .selectFrom('listings')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', '=', merchantId)
      .groupBy('status')
      .execute();
    const counts: Record<ListingStatus, number> = { selling: 0, warehouse: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  },
};
