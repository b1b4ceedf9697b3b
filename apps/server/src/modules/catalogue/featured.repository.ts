import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';

/*
 * Which listings are featured ("recommended"): read from the express lane's express_featured rows
 * (modules/express writes them when a package is bought). Here, with the catalogue, because a
 * listing's flag is read by the catalogue, the storefront and the express lane alike.
 */

/**
 * Whether the listing aliased `l` is featured at `now`: some purchase of its merchant features its
 * product and has not ended (the express_featured_now index: merchant, product, ends_at). The one
 * definition of "recommended", used by product management and the storefront alike.
 */
export function featuredAt(now: number): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from express_featured f where f.merchant_id = l.merchant_id and f.product_id = l.product_id and f.ends_at > ${now})`;
}

export const featuredRepository = {
  /** Of `productIds`, those the merchant has featured at `now`. */
  async featuredNow(
    db: Db,
    merchantId: number,
    productIds: readonly number[],
    now: number,
  ): Promise<Set<number>> {
    if (productIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('express_featured')
      .select('product_id')
      .distinct()
      .where('merchant_id', '=', merchantId)
      .where('product_id', 'in', [...productIds])
      .where('ends_at', '>', now)
      .execute();
    return new Set(rows.map((r) => r.product_id));
  },
};
