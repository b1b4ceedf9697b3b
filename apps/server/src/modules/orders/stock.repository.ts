import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';

/**
 * What an order does to the catalogue: the product's stock (taken when the order is placed, given
 * back when it is cancelled before it ships) and the units-sold counters of the product and of the
 * shop's listing (raised when the order is paid, lowered when a paid order is cancelled). The
 * storefront, the merchant's refunds and the jobs all move them through here.
 */
export const stockRepository = {
  /**
   * Takes `quantity` units in one conditional UPDATE: of any number of buyers racing for the last
   * units, only those the stock covers get a row back, and it never goes below 0.
   */
  async take(tx: Db, productId: number, quantity: number, now: number): Promise<boolean> {
    const r = await tx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: now }))
      .where('id', '=', productId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Gives a cancelled order's units back. */
  async release(tx: Db, order: Pick<OrderRow, 'product_id' | 'quantity'>, now: number): Promise<void> {
    await tx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', order.quantity), updated_at: now }))
      .where('id', '=', order.product_id)
      .execute();
  },

  /** Moves the units-sold counters by an order: +1 when it is paid, −1 when a paid order is cancelled. */
  async addSales(tx: Db, order: Pick<OrderRow, 'product_id' | 'listing_id' | 'quantity'>, sign: 1 | -1) {
    const n = sign * order.quantity;
    await tx
      .updateTable('products')
      .set((eb) => ({ sales: eb('sales', '+', n) }))
      .where('id', '=', order.product_id)
      .execute();
    if (order.listing_id !== null)
      await tx
        .updateTable('listings')
        .set((eb) => ({ sales: eb('sales', '+', n) }))
        .where('id', '=', order.listing_id)
        .execute();
  },
};
