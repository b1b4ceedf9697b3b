import type { QueryOf } from '@dropdesk/contract/route';
import type { storeRoutes } from '@dropdesk/contract/store';

/** Products per page of a shop. */
export const PRODUCTS_PER_PAGE = 20;

/**
 * The query of one page of a shop's products: the grid's and the early read's (`LANDING.start`, app/landing.ts),
 * which must be the same address for the grid to take the early answer.
 */
export function productsQuery(shop: string, page: number): QueryOf<typeof storeRoutes.products> {
  return { shop, page: String(page), limit: String(PRODUCTS_PER_PAGE) };
}
