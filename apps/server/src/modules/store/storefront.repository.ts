import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';

/** An on-shelf listing as the storefront shows it (cost in minor units; titles come from `texts`). */
export interface ShelfRow {
  id: number;
  merchant_id: number;
  product_id: number;
  recommended: number;
  sales: number;
  cost: number;
  stock: number;
}

const SHELF_COLUMNS = [
  'l.id',
  'l.merchant_id',
  'l.product_id',
  'l.recommended',
  'l.sales',
  'p.cost',
  'p.stock',
] as const;

/** The storefront's reads of shops and shelves, and the events behind visitors and followers. */
export const storefrontRepository = {
  /** A shop with what the storefront shows of it and its merchant's status and time zone. */
  shop(db: Db, merchantId: number) {
    return db
      .selectFrom('shops as s')
      .innerJoin('merchants as m', 'm.id', 's.merchant_id')
      .select([
        's.merchant_id',
        's.name',
        's.logo',
        's.banner',
        's.intro',
        's.welcome',
        's.service_link',
        'm.status',
        'm.time_zone',
      ])
      .where('s.merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /** The shop's ratings: how many orders were rated, and the mean of their stars. */
  async ratings(db: Db, merchantId: number): Promise<{ count: number; mean: number | null }> {
    const row = await db
      .selectFrom('orders')
      // A sum and a count, not avg(): an average is no integer, and numbers here read as integers.
      .select((eb) => [
        eb.fn.count<number>('rating_stars').as('n'),
        eb.fn.sum<number>('rating_stars').as('stars'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('rating_stars', 'is not', null)
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    return { count, mean: count ? Number(row.stars) / count : null };
  },

  async followers(db: Db, merchantId: number): Promise<number> {
    const row = await db
      .selectFrom('shop_follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async follows(db: Db, merchantId: number, buyerId: number): Promise<boolean> {
    const row = await db
      .selectFrom('shop_follows')
      .select('buyer_id')
      .where('merchant_id', '=', merchantId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async follow(db: Db, merchantId: number, buyerId: number, now: number): Promise<void> {
    await db
      .insertInto('shop_follows')
      .values({ merchant_id: merchantId, buyer_id: buyerId, created_at: now })
      .onConflict((oc) => oc.columns(['merchant_id', 'buyer_id']).doNothing())
      .execute();
  },

  async unfollow(db: Db, merchantId: number, buyerId: number): Promise<void> {
    await db
      .deleteFrom('shop_follows')
      .where('merchant_id', '=', merchantId)
      .where('buyer_id', '=', buyerId)
      .execute();
  },

  /** Records a visit; false when this visitor was already counted for the shop that day. */
  async visit(
    db: Db,
    visit: { merchantId: number; day: string; visitor: string; at: number },
  ): Promise<boolean> {
    const r = await db
      .insertInto('shop_visits')
      .values({ merchant_id: visit.merchantId, day: visit.day, visitor: visit.visitor, at: visit.at })
      .onConflict((oc) => oc.columns(['merchant_id', 'day', 'visitor']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** A page of the shop's on-shelf listings of active products: recommended first, then newest. */
  shelf(db: Db, merchantId: number, paging: Paging): Promise<PageOf<ShelfRow>> {
    return fetchPage(
      db
        .selectFrom('listings as l')
        .innerJoin('products as p', 'p.id', 'l.product_id')
        .where('l.merchant_id', '=', merchantId)
        .where('l.status', '=', 'selling')
        .where('p.active', '=', 1),
      (q) => q.select(SHELF_COLUMNS).orderBy('l.recommended', 'desc').orderBy('l.id', 'desc'),
      paging,
      (rows) => rows as ShelfRow[],
    );
  },

  /** One listing, if it is on shelf and its product active. */
  onShelf(db: Db, listingId: number): Promise<ShelfRow | undefined> {
    return db
      .selectFrom('listings as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(SHELF_COLUMNS)
      .where('l.id', '=', listingId)
      .where('l.status', '=', 'selling')
      .where('p.active', '=', 1)
      .executeTakeFirst();
  },
};
