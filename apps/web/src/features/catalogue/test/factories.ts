import type {
  CatalogueItem,
  CategoryNode,
  catalogueRoutes,
  DistributeResult,
  ListingItem,
  ProductDetail,
} from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { ok } from '@dropdesk/test-kit/fake-api';
import { listingOf, newConfig } from '../../../test/factories';

/** The catalogue's answers for component tests; override what the test cares about. */

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

const image = (n: number) => ({ url: `/uploads/catalogue/p${n}-thumb.webp`, width: 240, height: 180 });

export function newCategoryTree(): CategoryNode[] {
  return [
    {
      id: 1,
      name: 'Electronics',
      children: [
        { id: 11, name: 'Phones' },
        { id: 12, name: 'Headphones' },
      ],
    },
    { id: 2, name: 'Home & Kitchen', children: [] },
  ];
}

export function newCatalogueItem(over: Partial<CatalogueItem> = {}): CatalogueItem {
  const id = next();
  return {
    id,
    category_id: 11,
    title: `Product ${id}`,
    image: image(id),
    cost: '100.00',
    price: '115.00',
    profit: '15.00',
    stock: 250,
    hot: false,
    sales: 0,
    listed: false,
    ...over,
  };
}

export function newListing(over: Partial<ListingItem> = {}): ListingItem {
  const id = next();
  return listingOf(id, { image: image(id), ...over });
}

export function newCounts(
  over: { selling?: number; warehouse?: number; used?: number; total?: number } = {},
) {
  const selling = over.selling ?? 3;
  const warehouse = over.warehouse ?? 1;
  return { selling, warehouse, quota: { used: over.used ?? selling + warehouse, total: over.total ?? 50 } };
}

export function newDetail(over: Partial<ProductDetail> = {}): ProductDetail {
  const id = next();
  return {
    id,
    category_id: 11,
    title: `Product ${id}`,
    description: 'A sturdy thing.\nTwo lines.',
    images: [
      { url: `/uploads/catalogue/p${id}-a.webp`, width: 800, height: 600 },
      { url: `/uploads/catalogue/p${id}-b.webp`, width: 800, height: 600 },
    ],
    cost: '100.00',
    price: '115.00',
    profit: '15.00',
    stock: 30,
    hot: false,
    active: true,
    sales: 7,
    listing: null,
    ...over,
  };
}

export function newDistributeResult(over: Partial<DistributeResult> = {}): DistributeResult {
  return {
    added: 0,
    skipped: { quota: 0, listed: 0, inactive: 0, missing: 0 },
    quota: { used: 0, total: 50 },
    ...over,
  };
}

export function newLevelInfo(over: Partial<DataOf<typeof catalogueRoutes.level>> = {}) {
  const levels = [
    { id: 1, rank: 1, name: 'V1', margin_bps: 1500, quota: 50, price: '0.00' },
    { id: 2, rank: 2, name: 'V2', margin_bps: 2000, quota: 100, price: '300.00' },
    { id: 3, rank: 3, name: 'V3', margin_bps: 2500, quota: 200, price: '800.00' },
  ];
  return {
    current: { level_id: 1, rank: 1, name: 'V1', margin_bps: 1500, quota: 50, bought_at: null },
    levels,
    next_level_id: 2 as number | null,
    quota_used: 12,
    ...over,
  };
}

/**
 * A page of catalogue search (product/product, product/hot) as the server sends it: `total` exact,
 * not capped (`total_capped`).
 */
export const page = (list: CatalogueItem[], total = list.length, p = 1, limit = 20) =>
  ok({ total, page: p, limit, list, total_capped: false } satisfies DataOf<typeof catalogueRoutes.product>);

/** Amounts are written with the platform's currency, which the app reads from the public config. */
export const config = { 'GET /merchant/common/config': () => ok(newConfig()) };
