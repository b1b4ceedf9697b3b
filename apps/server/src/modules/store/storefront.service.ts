import { sellingPrice } from '@dropdesk/contract/catalogue';
import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import { isHttpsLink } from '@dropdesk/contract/shop';
import type { storeProduct, storeProductDetail, storeShop } from '@dropdesk/contract/store';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import type { Clock } from '../../lib/clock';
import { sha256 } from '../../lib/crypto';
import { notFound } from '../../lib/refusal';
import { dayKey, localDay, validZone } from '../../lib/zoned';
import { products as catalogue, detailOf, type ImageRow, merchantLevels, thumbOf } from '../catalogue';
import { shopStats } from '../dashboard';
import { type ShelfRow, storefrontRepository as store } from './storefront.repository';
import { NEW_VISITORS_PER_ADDRESS, type VisitSource } from './visitors';

type StoreShop = z.infer<typeof storeShop>;
type StoreProduct = z.infer<typeof storeProduct>;
type StoreProductDetail = z.infer<typeof storeProductDetail>;

const fileUrl = (ref: string | null) => (ref ? `/uploads/${ref}` : null);
const httpsOnly = (link: string) => (isHttpsLink(link) ? link : '');
/** A merchant's language as stored (one of ours: set_language and registration check it). */
const langOf = (value: string): Lang => (isLang(value) ? value : DEFAULT_LANG);

/** The margin a shop prices at; registration gives every shop a level, so none is a broken row. */
export async function marginOf(db: Db, merchantId: number): Promise<number> {
  const terms = await merchantLevels.terms(db, merchantId);
  if (!terms) throw new Error(`merchant ${merchantId} has no level`);
  return terms.margin_bps;
}

/**
 * What buyers see of a shop (docs/design.md §5 "Storefront, buyers and figures"): its face, its on-shelf
 * products at today's selling price (cost at the shop's margin, the one `sellingPrice`), and the two
 * events a shop page records: a visit (one per visitor, shop and day) and a follow. Every figure is
 * counted from those rows and from buyers' orders.
 */
export class Storefront {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async shop(merchantId: number, buyerId: number | null): Promise<StoreShop> {
    const { db } = this.deps;
    const shop = await store.shop(db, merchantId);
    if (!shop) throw notFound();
    const [followers, following, ratings] = await Promise.all([
      store.followers(db, merchantId),
      buyerId === null ? false : store.follows(db, merchantId, buyerId),
      store.ratings(db, merchantId),
    ]);
    return {
      id: shop.merchant_id,
      name: shop.name,
      logo_url: fileUrl(shop.logo),
      banner_url: fileUrl(shop.banner),
      ad_banner_url: fileUrl(shop.ad_banner),
      intro: shop.intro,
      welcome: shop.welcome,
      // Only an https link reaches buyers, whatever an older row holds (docs/shop.md).
      service_link: httpsOnly(shop.service_link),
      twitter: httpsOnly(shop.twitter),
      google: httpsOnly(shop.google),
      followers,
      following,
      rating: ratings.mean === null ? null : Math.round(ratings.mean * 10) / 10,
      ratings: ratings.count,
      closed: shop.status === 'closed',
      lang: langOf(shop.lang),
    };
  }

  async products(merchantId: number, lang: Lang, paging: Paging): Promise<PageOf<StoreProduct>> {
    const { db } = this.deps;
    if (!(await store.shop(db, merchantId))) throw notFound();
    const [margin, page] = await Promise.all([
      marginOf(db, merchantId),
      store.shelf(db, merchantId, paging, this.deps.clock.now()),
    ]);
    const ids = page.list.map((r) => r.product_id);
    const [texts, images] = await Promise.all([
      catalogue.texts(db, lang, ids),
      catalogue.firstImages(db, ids),
    ]);
    return {
      total: page.total,
      page: page.page,
      limit: page.limit,
      list: page.list.map((row) => this.item(row, texts.get(row.product_id)?.title ?? '', images, margin)),
    };
  }

  async product(listingId: number, lang: Lang): Promise<StoreProductDetail> {
    const { db } = this.deps;
    const row = await store.onShelf(db, listingId, this.deps.clock.now());
    if (!row) throw notFound();
    const [margin, texts, images] = await Promise.all([
      marginOf(db, row.merchant_id),
      catalogue.texts(db, lang, [row.product_id]),
      catalogue.images(db, row.product_id),
    ]);
    const text = texts.get(row.product_id);
    const first = new Map(images.length ? [[row.product_id, images[0]!]] : []);
    return {
      ...this.item(row, text?.title ?? '', first, margin),
      shop_id: row.merchant_id,
      shop_lang: langOf(row.shop_lang),
      description: text?.description ?? '',
      images: images.map(detailOf),
    };
  }

  private item(row: ShelfRow, title: string, images: Map<number, ImageRow>, margin: number): StoreProduct {
    return {
      id: row.id,
      title,
      image: thumbOf(images.get(row.product_id)),
      price: formatMoney(sellingPrice(row.cost, margin)),
      stock: row.stock,
      sales: Number(row.sales),
      recommended: Number(row.recommended) === 1,
    };
  }

  /**
   * A page view, counted for people only (docs/dashboard.md "Visitors"): a visitor id the server
   * issued with the page (`source.visitor`, from the signed cookie; none counts nothing), not an
   * automated client, once per visitor, shop and day (the day in the merchant's time zone, as the
   * dashboard cuts it), and at most NEW_VISITORS_PER_ADDRESS visitors per shop, client address and
   * day. Only a hash of the visitor id and a keyed hash of the address are kept.
   */
  async visit(merchantId: number, source: VisitSource): Promise<{ counted: boolean }> {
    const { db, clock } = this.deps;
    const shop = await store.shop(db, merchantId);
    if (!shop) throw notFound();
    if (source.visitor === null || source.automated) return { counted: false };
    const now = clock.now();
    const visit = {
      merchantId,
      day: dayKey(localDay(now, validZone(shop.time_zone))),
      visitor: sha256(`visitor:${source.visitor}`),
      at: now,
    };
    // The visit, its address's count and the dashboard's visitors (its day, its slot) in one
    // transaction: a visit its address has no room for is taken back before anything counts it.
    const counted = await db.transaction().execute(async (tx) => {
      if (!(await store.visit(tx, visit))) return false;
      const at = { merchantId, day: visit.day, address: source.address };
      if (!(await store.addressVisitor(tx, at, NEW_VISITORS_PER_ADDRESS))) {
        await store.unvisit(tx, visit);
        return false;
      }
      await shopStats.visitCounted(tx, visit);
      return true;
    });
    return { counted };
  }

  async follow(
    merchantId: number,
    buyerId: number,
    follow: boolean,
  ): Promise<{ following: boolean; followers: number }> {
    const { db, clock } = this.deps;
    if (!(await store.shop(db, merchantId))) throw notFound();
    // The follow row and the shop's followers figure in one transaction, counted only when the row
    // changed (a second follow, or an unfollow of a shop not followed, changes nothing).
    await db.transaction().execute(async (tx) => {
      const changed = follow
        ? await store.follow(tx, merchantId, buyerId, clock.now())
        : await store.unfollow(tx, merchantId, buyerId);
      if (changed) await shopStats.followersChanged(tx, merchantId, follow ? 1 : -1);
    });
    return { following: follow, followers: await store.followers(db, merchantId) };
  }
}
