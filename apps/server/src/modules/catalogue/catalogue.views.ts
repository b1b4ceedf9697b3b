import {
  type ImageOut,
  type LevelItem,
  type ListingItem,
  sellingPrice,
  type UnsellableReason,
} from '@dropdesk/contract/catalogue';
import { formatMoney } from '@dropdesk/contract/money';
import { iso } from '../../lib/clock';
import type { ImageRow, ProductText } from './catalogue.repository';
import { productImageUrl } from './images';
import type { LevelRow, MerchantLevelRow } from './levels.repository';
import type { ListingRow } from './listings.repository';

/**
 * The mapping of catalogue rows to the contract's shapes, shared by the catalogue, listing and level
 * services. Money leaves as a wire amount; prices are computed here, on read, from today's cost and
 * the merchant's margin, so nothing stores a selling price that could go stale.
 */

export function thumbOf(image: ImageRow | undefined): ImageOut | null {
  if (!image) return null;
  return { url: productImageUrl(image.key, 'thumb'), width: image.thumb_width, height: image.thumb_height };
}

export function detailOf(image: ImageRow): ImageOut {
  return {
    url: productImageUrl(image.key, 'detail'),
    width: image.detail_width,
    height: image.detail_height,
  };
}

/** Cost, selling price at the margin (the contract's sellingPrice) and profit = price − cost. */
export function priced(cost: number, marginBps: number) {
  const price = sellingPrice(cost, marginBps);
  return { cost: formatMoney(cost), price: formatMoney(price), profit: formatMoney(price - cost) };
}

/** Why a product can't be sold whatever the shelf says: switched off first, then out of stock. */
export function unsellableReason(product: { active: number; stock: number }): UnsellableReason | null {
  if (!product.active) return 'inactive';
  if (product.stock <= 0) return 'out_of_stock';
  return null;
}

/** A listing's state: buyers can buy it when it is on shelf and its product is active and in stock. */
export function listingState(row: ListingRow) {
  const reason = unsellableReason(row);
  return {
    id: row.id,
    status: row.status,
    sellable: row.status === 'selling' && reason === null,
    unsellable_reason: reason,
    views: Number(row.views),
    sales: Number(row.sales),
  };
}

export function listingItem(
  row: ListingRow,
  text: ProductText | undefined,
  image: ImageRow | undefined,
  marginBps: number,
  /** Featured by an express-lane purchase now (featured.repository featuredAt / featuredNow). */
  recommended: boolean,
): ListingItem {
  return {
    ...listingState(row),
    product_id: row.product_id,
    title: text?.title ?? '',
    image: thumbOf(image),
    ...priced(row.cost, marginBps),
    stock: row.stock,
    recommended,
    created_at: iso(row.created_at),
  };
}

export function levelItem(level: LevelRow): LevelItem {
  return {
    id: level.id,
    rank: level.rank,
    name: level.name,
    margin_bps: level.margin_bps,
    quota: level.quota,
    price: formatMoney(level.price),
  };
}

/** The merchant's level: the terms bought, not the level's terms today. */
export function currentLevel(row: MerchantLevelRow) {
  return {
    level_id: row.level_id,
    rank: row.rank,
    name: row.name,
    margin_bps: row.margin_bps,
    quota: row.quota,
    bought_at: row.bought_at === null ? null : iso(row.bought_at),
  };
}
