import type { DistributeResult, ListingItem, ListingStatus, SkipReason } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/refusal';
import { type CatalogueFilter, catalogueRepository } from './catalogue.repository';
import { marginOf } from './catalogue.service';
import { listingItem } from './catalogue.views';
import { featuredRepository } from './featured.repository';
import { levelsRepository } from './levels.repository';
import { type ListOrder, listingsRepository } from './listings.repository';

export interface ListingsDeps {
  db: Db;
  clock: Clock;
}

type Skipped = Record<SkipReason, number>;
const noneSkipped = (): Skipped => ({ quota: 0, listed: 0, inactive: 0, missing: 0 });

/** The quota row locked for this transaction; a shop without a level is a broken row, not a refusal. */
async function lockQuota(tx: Db, merchantId: number) {
  const quota = await levelsRepository.lockQuota(tx, merchantId);
  if (!quota) throw new Error(`merchant ${merchantId} has no level`);
  return quota;
}

/**
 * Listing ("distribution"): a merchant adds catalogue products to the shop within the quota of the
 * level bought, puts them on or off shelf, and removes them.
 *
 * The quota holds however many adds race, on both engines: each add runs in one transaction that
 * first locks the merchant's `merchant_levels` row (levelsRepository.lockQuota), computes the room
 * left (quota − listings_used), inserts at most that many listings (ON CONFLICT DO NOTHING on the
 * unique (merchant, product), counting what was really inserted) and raises `listings_used` by
 * that count. A second add of the same merchant waits for the lock and sees the first one's count.
 * Removing lowers the counter in the same way, under the same lock.
 */
export class ListingsService {
  constructor(private readonly deps: ListingsDeps) {}

  /**
   * Lists the products named, in the order given, up to the room left. Each one not added is
   * counted by why: no such product, switched off in the catalogue, already listed, or no room.
   */
  add(merchantId: number, productIds: readonly number[]): Promise<DistributeResult> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      const quota = await lockQuota(tx, merchantId);
      const found = new Map(
        (await listingsRepository.classify(tx, merchantId, productIds)).map((p) => [p.id, p]),
      );
      const skipped = noneSkipped();
      const candidates: number[] = [];
      for (const id of productIds) {
        const product = found.get(id);
        if (!product) skipped.missing++;
        else if (product.listed) skipped.listed++;
        else if (!product.active) skipped.inactive++;
        else candidates.push(id);
      }
      const taken = candidates.slice(0, Math.max(0, quota.quota - quota.listings_used));
      skipped.quota = candidates.length - taken.length;
      const added = await listingsRepository.insert(tx, merchantId, taken, now);
      // Under the lock nothing else lists for this shop; a conflict would still be a listed product.
      skipped.listed += taken.length - added;
      await levelsRepository.addListingsUsed(tx, merchantId, added);
      return { added, skipped, quota: { used: quota.listings_used + added, total: quota.quota } };
    });
  }

  /** Lists everything a category (with its children) and/or a keyword matches, newest first. */
  addAll(
    merchantId: number,
    lang: Lang,
    body: { keyword?: string | undefined; category_id?: number | undefined },
  ): Promise<DistributeResult> {
    return this.distribute(
      merchantId,
      { lang, keyword: body.keyword, categoryId: body.category_id },
      'newest',
    );
  }

  /** Lists the hot products, best-selling first. */
  addAllHot(merchantId: number, lang: Lang): Promise<DistributeResult> {
    return this.distribute(merchantId, { lang, hot: true }, 'sales');
  }

  /**
   * Lists the active products `filter` matches that the shop does not list yet, in `order`, up to
   * the room left; those already listed are counted as listed, those beyond the room as quota.
   */
  private distribute(
    merchantId: number,
    filter: CatalogueFilter,
    order: ListOrder,
  ): Promise<DistributeResult> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      const quota = await lockQuota(tx, merchantId);
      const room = Math.max(0, quota.quota - quota.listings_used);
      const { matching, listed } = await listingsRepository.countMatching(tx, merchantId, filter);
      const added = await listingsRepository.insertMatching(tx, merchantId, filter, order, room, now);
      await levelsRepository.addListingsUsed(tx, merchantId, added);
      return {
        added,
        skipped: { ...noneSkipped(), listed, quota: matching - listed - added },
        quota: { used: quota.listings_used + added, total: quota.quota },
      };
    });
  }

  /** Product management: the shop's listings, newest first, with the shop's counts and quota. */
  async manage(
    merchantId: number,
    lang: Lang,
    query: Paging & { status: 'all' | ListingStatus; keyword?: string | undefined },
  ): Promise<PageOf<ListingItem> & { counts: Awaited<ReturnType<ListingsService['counts']>> }> {
    const { db } = this.deps;
    const status = query.status === 'all' ? undefined : query.status;
    const [page, counts, margin] = await Promise.all([
      listingsRepository.page(db, merchantId, { lang, status, keyword: query.keyword }, query),
      this.counts(merchantId),
      marginOf(db, merchantId),
    ]);
    const ids = page.list.map((r) => r.product_id);
    const [texts, images, featured] = await Promise.all([
      catalogueRepository.texts(db, lang, ids),
      catalogueRepository.firstImages(db, ids),
      featuredRepository.featuredNow(db, merchantId, ids, this.deps.clock.now()),
    ]);
    return {
      ...page,
      list: page.list.map((r) =>
        listingItem(r, texts.get(r.product_id), images.get(r.product_id), margin, featured.has(r.product_id)),
      ),
      counts,
    };
  }

  /** Puts listings on shelf or in the warehouse: all of them the merchant's, or NOT_FOUND and none changes. */
  async setSwitch(merchantId: number, ids: readonly number[], status: ListingStatus) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (tx) => {
      const updated = await listingsRepository.setStatus(tx, merchantId, ids, status, now);
      if (updated !== ids.length) throw notFound();
    });
    return { updated: ids.length, counts: await this.counts(merchantId) };
  }

  /**
   * Removes listings and gives their room back to the quota: all of them the merchant's, or
   * NOT_FOUND and none is removed. Orders keep their own copy of what they sold, so their history
   * stays whole. The quota row is locked first, as an add locks it, so the two never wait on each
   * other in opposite orders.
   */
  async del(merchantId: number, ids: readonly number[]) {
    await this.deps.db.transaction().execute(async (tx) => {
      await lockQuota(tx, merchantId);
      const removed = await listingsRepository.remove(tx, merchantId, ids);
      if (removed !== ids.length) throw notFound();
      await levelsRepository.addListingsUsed(tx, merchantId, -removed);
    });
    return { removed: ids.length, counts: await this.counts(merchantId) };
  }

  /** The shop at a glance: listings on shelf, in the warehouse, and the quota used of total. */
  async counts(merchantId: number) {
    const { db } = this.deps;
    const [byStatus, terms] = await Promise.all([
      listingsRepository.counts(db, merchantId),
      levelsRepository.terms(db, merchantId),
    ]);
    if (!terms) throw new Error(`merchant ${merchantId} has no level`);
    return { ...byStatus, quota: { used: terms.listings_used, total: terms.quota } };
  }
}
