import type { Lang } from '@dropdesk/contract/constants';
import { EXPRESS_DAY_MS, type ExpressPurchase, type PurchaseState } from '@dropdesk/contract/express';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import { moneyTransaction } from '../../db/transaction';
import { iso } from '../../lib/clock';
import type { MoneyDeps } from '../../lib/money-deps';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import { featuredNow, products, thumbOf } from '../catalogue';
import { balanceAfter, post, walletBalance } from '../ledger';
import { notify } from '../notices';
import { type PackageRow, type PurchaseRow, expressRepository as repo } from './express.repository';

/** A package's (or a purchase's snapshot of its) names: `{lang: name}` JSON text. */
export function namesOf(row: { names: string }): Partial<Record<Lang, string>> {
  try {
    const parsed: unknown = JSON.parse(row.names);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Record<Lang, string>>) : {};
  } catch {
    return {};
  }
}

/** The name in `lang`, else in the main language, else ''. */
export function nameIn(row: { names: string; main_lang: Lang }, lang: Lang): string {
  const names = namesOf(row);
  return names[lang] ?? names[row.main_lang] ?? '';
}

export const packageView = (row: PackageRow, lang: Lang) => ({
  id: row.id,
  name: nameIn(row, lang),
  price: formatMoney(row.price),
  days: row.days,
  product_count: row.product_count,
});

const stateAt = (row: PurchaseRow, now: number): PurchaseState => (row.ends_at > now ? 'active' : 'expired');

/**
 * The shop express lane: packages on sale, buying one, and the purchase records. A purchase pays
 * the package's price from the wallet to the platform's revenue (an `express_purchase` journal) and
 * features the chosen products from that moment until `ends_at`; "recommended" is computed from the
 * purchases at the clock's time (catalogue/featured.repository featuredAt), so a promotion ends on time
 * whether or not the expiry job (express-jobs.ts) has run yet. Nothing here creates an order, a
 * visit or a sale: a featured product only comes first in the storefront.
 */
export class ExpressService {
  constructor(private readonly deps: MoneyDeps) {}

  async train(merchantId: number, lang: Lang) {
    const { db, clock } = this.deps;
    const [rows, featured] = await Promise.all([
      repo.onSale(db),
      repo.featuredCount(db, merchantId, clock.now()),
    ]);
    return { list: rows.map((r) => packageView(r, lang)), featured };
  }

  /**
   * Buys package `id` and features `listing_ids`. Checked before the payment password, so a refused
   * purchase never counts a password try: the package exists (NOT_FOUND) and is on sale
   * (PACKAGE_NOT_ON_SALE); no more products than it features (TOO_MANY_PRODUCTS); every listing is
   * the merchant's (NOT_FOUND otherwise: another shop's ids are not told apart from missing ones),
   * on shelf with its product active (NOT_ON_SHELF), and not featured already (ALREADY_FEATURED).
   *
   * Then one money transaction, which also completes the Idempotency-Key: the purchase at the
   * package's terms of now, the journal (a short wallet: PACKAGE_BALANCE_SHORT with what is
   * missing, and nothing is kept), the featured products and the notice. The featured check is made
   * again after the debit: on PostgreSQL the debit's row lock on the wallet makes a second purchase
   * of the same merchant wait there for the first to commit, and then see its products; SQLite has
   * one writer. So two purchases can't feature one product at once, however they race.
   */
  async buy(
    merchantId: number,
    lang: Lang,
    body: { id: number; pay_password: string; listing_ids: number[] },
    idem: Idempotency | null,
  ): Promise<{ purchase: ExpressPurchase; balance: string }> {
    const { db, clock } = this.deps;
    const pkg = await repo.packageById(db, body.id);
    if (!pkg) throw notFound();
    if (pkg.active !== 1) throw new Refusal('PACKAGE_NOT_ON_SALE');
    if (body.listing_ids.length > pkg.product_count)
      throw new Refusal('TOO_MANY_PRODUCTS', { fields: { listing_ids: 'TOO_MANY_PRODUCTS' } }, 200, {
        max: pkg.product_count,
      });
    const found = new Map((await repo.listingsOf(db, merchantId, body.listing_ids)).map((l) => [l.id, l]));
    const listings = body.listing_ids.map((id) => found.get(id));
    if (listings.some((l) => l === undefined)) throw fieldRefusal('NOT_FOUND', 'listing_ids');
    if (listings.some((l) => l!.status !== 'selling' || l!.active !== 1))
      throw fieldRefusal('NOT_ON_SHELF', 'listing_ids');
    const productIds = listings.map((l) => l!.product_id);
    if ((await featuredNow(db, merchantId, productIds, clock.now())).size > 0)
      throw fieldRefusal('ALREADY_FEATURED', 'listing_ids');
    await this.deps.payPasswords.check(merchantId, body.pay_password);

    const now = clock.now();
    const wallet = { merchantId, kind: 'wallet' } as const;
    return moneyTransaction(db, idem, async (tx) => {
      const purchase = await repo.insertPurchase(tx, {
        merchant_id: merchantId,
        package_id: pkg.id,
        main_lang: pkg.main_lang,
        names: pkg.names,
        price: pkg.price,
        days: pkg.days,
        product_count: pkg.product_count,
        starts_at: now,
        ends_at: now + pkg.days * EXPRESS_DAY_MS,
        ended_at: null,
        journal_id: null,
        created_at: now,
      });
      const journal = await this.pay(tx, merchantId, purchase, now);
      if ((await featuredNow(tx, merchantId, productIds, now)).size > 0)
        throw fieldRefusal('ALREADY_FEATURED', 'listing_ids');
      await repo.feature(tx, purchase, productIds);
      await repo.setJournal(tx, purchase.id, journal.id);
      await notify(
        tx,
        {
          merchantId,
          type: 'promotion_started',
          params: { package: nameIn(pkg, lang), count: productIds.length, ends_at: iso(purchase.ends_at) },
          ref: { type: 'express_purchase', id: purchase.id },
        },
        now,
      );
      const [view] = await this.views(tx, merchantId, lang, [purchase], now);
      return { purchase: view!, balance: formatMoney(balanceAfter(journal, wallet)) };
    });
  }

  /** The purchase's journal: its price from the wallet to revenue; a short wallet says what is missing. */
  private async pay(tx: Db, merchantId: number, purchase: PurchaseRow, now: number) {
    try {
      return await post(tx, {
        type: 'express_purchase',
        merchantId,
        ref: { type: 'express_purchase', id: purchase.id },
        at: now,
        postings: [
          { account: { merchantId, kind: 'wallet' }, amount: -purchase.price },
          { account: { platform: 'revenue' }, amount: purchase.price },
        ],
      });
    } catch (error) {
      if (!(error instanceof Refusal) || error.key !== 'INSUFFICIENT_BALANCE') throw error;
      const balance = await walletBalance(tx, merchantId);
      throw new Refusal('PACKAGE_BALANCE_SHORT', undefined, 200, {
        missing: formatMoney(Math.max(purchase.price - balance, 1)),
      });
    }
  }

  /** The purchase records, newest first: all, or only the active or the expired ones at the clock's time. */
  async bill(
    merchantId: number,
    lang: Lang,
    query: Paging & { state?: PurchaseState | undefined },
  ): Promise<PageOf<ExpressPurchase>> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const page = await repo.purchases(db, merchantId, { state: query.state, now }, query);
    return { ...page, list: await this.views(db, merchantId, lang, page.list, now) };
  }

  /** Purchases as the contract shows them, with their products titled in `lang`. */
  private async views(
    db: Db,
    merchantId: number,
    lang: Lang,
    rows: readonly PurchaseRow[],
    now: number,
  ): Promise<ExpressPurchase[]> {
    const featured = await repo.featuredOf(
      db,
      merchantId,
      rows.map((r) => r.id),
    );
    const productIds = featured.map((f) => f.product_id);
    const [texts, images] = await Promise.all([
      products.texts(db, lang, productIds),
      products.firstImages(db, productIds),
    ]);
    return rows.map((row) => ({
      id: row.id,
      package_id: row.package_id,
      name: nameIn(row, lang),
      price: formatMoney(row.price),
      days: row.days,
      product_count: row.product_count,
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      state: stateAt(row, now),
      products: featured
        .filter((f) => f.purchase_id === row.id)
        .map((f) => ({
          product_id: f.product_id,
          listing_id: f.listing_id ?? null,
          title: texts.get(f.product_id)?.title ?? '',
          image: thumbOf(images.get(f.product_id)),
        })),
      created_at: iso(row.created_at),
    }));
  }
}
