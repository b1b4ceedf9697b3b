import type { PurchaseState } from '@dropdesk/contract/express';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type { ExpressPackagesTable, ExpressPurchasesTable } from '../../db/schema';

export type PackageRow = Selectable<ExpressPackagesTable>;
export type PurchaseRow = Selectable<ExpressPurchasesTable>;

/** Queries of the express lane: packages, purchases and the products they feature. */
export const expressRepository = {
  /** Packages on sale, in display order. */
  onSale(db: Db): Promise<PackageRow[]> {
    return db
      .selectFrom('express_packages')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  },

  /** Every package, in display order (operators). */
  all(db: Db): Promise<PackageRow[]> {
    return db
      .selectFrom('express_packages')
      .selectAll()
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  },

  packageById(db: Db, id: number): Promise<PackageRow | undefined> {
    return db.selectFrom('express_packages').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insertPackage(
    db: Db,
    values: Omit<PackageRow, 'id' | 'active' | 'sort'> & { sort: number },
  ): Promise<PackageRow> {
    return db.insertInto('express_packages').values(values).returningAll().executeTakeFirstOrThrow();
  },

  updatePackage(db: Db, id: number, values: Updateable<ExpressPackagesTable>) {
    return db
      .updateTable('express_packages')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /** Purchases made of each package. */
  async soldCounts(db: Db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('express_purchases')
      .select(['package_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('package_id')
      .execute();
    return new Map(rows.map((r) => [r.package_id, Number(r.n)]));
  },

  /**
   * The merchant's listings among `ids`, with whether each is on shelf and its product active: what
   * a purchase may feature. Another merchant's listings are not returned.
   */
  listingsOf(db: Db, merchantId: number, ids: readonly number[]) {
    return db
      .selectFrom('listings as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.id', 'l.product_id', 'l.status', 'p.active'])
      .where('l.merchant_id', '=', merchantId)
      .where('l.id', 'in', [...ids])
      .execute();
  },

  /** How many of the merchant's products are featured at `now`. */
  async featuredCount(db: Db, merchantId: number, now: number): Promise<number> {
    const row = await db
      .selectFrom('express_featured')
      .select(sql<number>`count(distinct product_id)`.as('n'))
      .where('merchant_id', '=', merchantId)
      .where('ends_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insertPurchase(db: Db, values: Omit<PurchaseRow, 'id'>): Promise<PurchaseRow> {
    return db.insertInto('express_purchases').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async setJournal(db: Db, purchaseId: number, journalId: number): Promise<void> {
    await db
      .updateTable('express_purchases')
      .set({ journal_id: journalId })
      .where('id', '=', purchaseId)
      .execute();
  },

  async feature(
    db: Db,
    purchase: { id: number; merchant_id: number; ends_at: number },
    productIds: readonly number[],
  ): Promise<void> {
    await db
      .insertInto('express_featured')
      .values(
        productIds.map((productId) => ({
          purchase_id: purchase.id,
          merchant_id: purchase.merchant_id,
          product_id: productId,
          ends_at: purchase.ends_at,
        })),
      )
      .execute();
  },

  /** A page of the merchant's purchases, newest first; active (ends after `now`) or expired ones only when asked. */
  purchases(
    db: Db,
    merchantId: number,
    filter: { state?: PurchaseState | undefined; now: number },
    paging: Paging,
  ): Promise<PageOf<PurchaseRow>> {
    let q = db.selectFrom('express_purchases').where('merchant_id', '=', merchantId);
    if (filter.state === 'active') q = q.where('ends_at', '>', filter.now);
    if (filter.state === 'expired') q = q.where('ends_at', '<=', filter.now);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  /** The products each purchase features, with the shop's listing of each today (null once removed). */
  async featuredOf(db: Db, merchantId: number, purchaseIds: readonly number[]) {
    if (purchaseIds.length === 0) return [];
    return db
      .selectFrom('express_featured as f')
      .leftJoin('listings as l', (j) =>
        j.onRef('l.product_id', '=', 'f.product_id').on('l.merchant_id', '=', merchantId),
      )
      .select(['f.purchase_id', 'f.product_id', 'l.id as listing_id'])
      .where('f.purchase_id', 'in', [...purchaseIds])
      .orderBy('f.purchase_id')
      .orderBy('f.product_id')
      .execute();
  },

  /** Purchases past their end that the expiry job has not yet ended, oldest end first. */
  async dueToEnd(db: Db, now: number, limit: number, skip: readonly number[]): Promise<number[]> {
    let q = db
      .selectFrom('express_purchases')
      .select('id')
      .where('ended_at', 'is', null)
      .where('ends_at', '<=', now);
    if (skip.length) q = q.where('id', 'not in', [...skip]);
    const rows = await q.orderBy('ends_at').orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  },

  /** Marks a purchase ended, once: the row when this call ended it, undefined when it was already. */
  end(tx: Db, id: number, now: number): Promise<PurchaseRow | undefined> {
    return tx
      .updateTable('express_purchases')
      .set({ ended_at: now })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .where('ends_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
  },
};
