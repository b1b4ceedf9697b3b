/**
 * The storefront (apps/storefront, served under /s/) and the order loop in the browser tests: a
 * buyer's phone, the shop's shelf as the storefront reads it, a merchant ready to sell, and the
 * operator's shipping steps (the operator console acts through the admin API, as here).
 */
import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import type { Lang } from './locales';
import { admin, api, baseURL, ok, registerMerchant, type TestMerchant } from './server';
import { setPayPassword, toppedUp } from './wallet';

/** A buyer's phone: a fresh context (no merchant session, no storefront storage) in `lang`. */
export async function buyerPhone(
  browser: Browser,
  lang: Lang,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    // The storefront takes the browser's language when the buyer has chosen none.
    locale: lang === 'en' ? 'en-US' : lang === 'vi' ? 'vi-VN' : lang,
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  return { context, page: await context.newPage() };
}

export interface ShelfItem {
  id: number;
  title: string;
  price: string;
  stock: number;
  sales: number;
}

/** The first page of a shop's shelf as the storefront shows it (titles in `lang`), recommended first. */
export async function shelfOf(shop: number, lang: Lang): Promise<{ total: number; list: ShelfItem[] }> {
  return ok(
    await api<{ total: number; list: ShelfItem[] }>('/store/products', {
      lang,
      query: { shop, page: 1, limit: 20 },
    }),
  );
}

/**
 * A new merchant who sells: the hot products listed (on shelf), payment password 123456, and
 * `balance` in the wallet from a top-up the operator approved (needs openTopUps first).
 */
export async function sellingMerchant(op: string, balance: string): Promise<TestMerchant> {
  const m = await registerMerchant();
  const listed = ok(
    await api<{ added: number }>('/merchant/product/addAllHot', { token: m.token, body: {} }),
  );
  if (listed.added === 0) throw new Error('addAllHot listed nothing');
  await setPayPassword(m);
  await toppedUp(m, op, balance);
  return m;
}

/** The operator ships a picked-up order, then records it in transit and reached. */
export async function shipAndDeliver(
  op: string,
  orderId: number,
  shipping: { carrier: string; trackingNo: string },
) {
  ok(
    await admin(op, '/admin/orders/ship', {
      body: { id: orderId, carrier: shipping.carrier, tracking_no: shipping.trackingNo },
    }),
  );
  ok(await admin(op, '/admin/orders/progress', { body: { id: orderId, status: 6, note: 'Hub Tân Bình' } }));
  ok(await admin(op, '/admin/orders/progress', { body: { id: orderId, status: 7, note: 'Delivered' } }));
}

/** The order id of a storefront order page's address (`/s/order/<id>`). */
export function orderIdOf(url: string): number {
  const id = /\/s\/order\/(\d+)/.exec(url)?.[1];
  if (!id) throw new Error(`not an order page: ${url}`);
  return Number(id);
}

/** A wire amount ("1234.50") as the number part the apps write in `lang` ("1,234.50", "1.234,50"). */
export function amountText(lang: Lang, wire: string): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(wire),
  );
}
