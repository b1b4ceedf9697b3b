import type { ListingItem } from '@dropdesk/contract/catalogue';
import type { ExpressPackage, ExpressPurchase } from '@dropdesk/contract/express';
import { ok } from '@dropdesk/test-kit/fake-api';
import { listingOf, newConfig } from '../../../test/factories';

/** The express lane's answers for component tests; override what the test cares about. */

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

export const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

export function newPackage(over: Partial<ExpressPackage> = {}): ExpressPackage {
  const id = next();
  return { id, name: `Package ${id}`, price: '50.00', days: 7, product_count: 2, ...over };
}

export function newShelfListing(over: Partial<ListingItem> = {}): ListingItem {
  return listingOf(next(), over);
}

/** product/manage's answer: one page of on-shelf listings. */
export const shelfPage = (list: ListingItem[]) =>
  ok({
    total: list.length,
    page: 1,
    limit: 20,
    list,
    counts: { selling: list.length, warehouse: 0, quota: { used: list.length, total: 50 } },
  });

export function newPurchase(over: Partial<ExpressPurchase> = {}): ExpressPurchase {
  const id = next();
  return {
    id,
    package_id: 1,
    name: 'Weekly spotlight',
    price: '50.00',
    days: 7,
    product_count: 2,
    starts_at: '2026-11-20T08:00:00.000Z',
    ends_at: '2026-11-27T08:00:00.000Z',
    state: 'active',
    products: [{ product_id: 1001, listing_id: 1, title: 'Desk lamp', image: null }],
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}
