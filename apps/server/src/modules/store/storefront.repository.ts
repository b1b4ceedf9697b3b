import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import { featuredAt } from '../catalogue';

/** An on-shelf listing as the storefront shows it (cost in minor units; titles come from `texts`). */
export interface ShelfRow {
  id: number;
  merchant_id: number;
  product_id: number;
  /** 1 while an express-lane purchase features it (featuredAt), else 0. */
  recommended: number;
  sales: number;
  cost: number;
  stock: number;
}

const SHELF_COLUMNS = ['l.id', 'l.merchant_id', 'l.product_id', 'l.sales', 'p.cost', 'p.stock'] as const;

/** 1 while the listing `l` is featured at `now` (catalogue's featuredAt), else 0. */
const recommendedAt = (now: number) =>
  sql<number>`case when ${featuredAt(now)} then 1 else 0 end`.as('recommended');

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
        's.ad_banner',
        's.intro',
        's.welcome',
        's.service_link',
        's.twitter',
        's.google',
        'm.status',
        'm.time_zone',
        'm.lang',
      ])
      .where('s.merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /**
   * The shop's ratings: how many orders were rated, and the mean of their stars, from the shop's
   * rollup row (dashboard/shop-stats.ts, kept with each rating; the Home dashboard reads the same).
   */
  async ratings(db: Db, merchantId: number): Promise<{ count: number; mean: number | null }> {
    const row = await db
      .selectFrom('shop_stats')
      .select(['rating_sum', 'rating_count'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    const count = Number(row?.rating_count ?? 0);
    return { count, mean: count ? Number(row?.rating_sum) / count : null };
  },

  /** Buyers following the shop now, from the shop's rollup row (kept with each follow and unfollow). */
  async followers(db: Db, merchantId: number): Promise<number> {
    const row = await db
      .selectFrom('shop_stats')
      .select('followers')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return Number(row?.followers ?? 0);
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

  /** Follows the shop; false when the buyer already did. */
  async follow(db: Db, merchantId: number, buyerId: number, now: number): Promise<boolean> {
    const r = await db
      .insertInto('shop_follows')
      .values({ merchant_id: merchantId, buyer_id: buyerId, created_at: now })
      .onConflict((oc) => oc.columns(['merchant_id', 'buyer_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Unfollows the shop; false when the buyer did not follow it. */
  async unfollow(db: Db, merchantId: number, buyerId: number): Promise<boolean> {
    const r = await db
      .deleteFrom('shop_follows')
      .where('merchant_id', '=', merchantId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
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

  /** Takes back a visit recorded in this transaction (its address had no visitor left that day). */
  async unvisit(db: Db, visit: { merchantId: number; day: string; visitor: string }): Promise<void> {
    await db
      .deleteFrom('shop_visits')
      .where('merchant_id', '=', visit.merchantId)
      .where('day', '=', visit.day)
      .where('visitor', '=', visit.visitor)
      .execute();
  },

  /**
   * Counts one more visitor of the shop that day from a client address, unless `max` are counted
   * already: one conditional upsert, so racing visits from one address can't pass the bound.
   */
  async addressVisitor(
    db: Db,
    at: { merchantId: number; day: string; address: string },
    max: number,
  ): Promise<boolean> {
    const row = await db
      .insertInto('shop_visit_addresses')
      .values({ merchant_id: at.merchantId, day: at.day, address: at.address, visitors: 1 })
      .onConflict((oc) =>
        oc
          .columns(['merchant_id', 'day', 'address'])
          .doUpdateSet({ visitors: sql`shop_visit_addresses.visitors + 1` })
          .where('shop_visit_addresses.visitors', '<', max),
      )
      .returning('visitors')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * A page of the shop's on-shelf listings of active products: those featured at `now` (an active
   * express-lane purchase) first, then newest.
   */
  shelf(db: Db, merchantId: number, paging: Paging, now: number): Promise<PageOf<ShelfRow>> {
    return fetchPage(
      db
        .selectFrom('listings as l')
        .innerJoin('products as p', 'p.id', 'l.product_id')
        .where('l.merchant_id', '=', merchantId)
        .where('l.status', '=', 'selling')
        .where('p.active', '=', 1),
      (q) =>
        q
          .select([...SHELF_COLUMNS, recommendedAt(now)])
          // The output column by its name: both engines order by it without computing it twice.
          .orderBy(sql`recommended`, 'desc')
          .orderBy('l.id', 'desc'),
      paging,
      (rows) => rows as ShelfRow[],
    );
  },

  /**
   * One listing, if it is on shelf and its product active, with whether it is featured at `now` and
   * its shop's language (its merchant's).
   */
  onShelf(db: Db, listingId: number, now: number): Promise<(ShelfRow & { shop_lang: string }) | undefined> {
    return db
      .selectFrom('listings as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('merchants as m', 'm.id', 'l.merchant_id')
      .select([...SHELF_COLUMNS, recommendedAt(now), 'm.lang as shop_lang'])
      .where('l.id', '=', listingId)
      .where('l.status', '=', 'selling')
      .where('p.active', '=', 1)
      .executeTakeFirst();
  },
};
