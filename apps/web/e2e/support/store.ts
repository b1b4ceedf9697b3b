/**
 * The storefront (apps/storefront, served under /s/) and the order loop in the browser tests: a
 * buyer's phone, the shop's shelf as the storefront reads it, a merchant ready to sell, and the
 * operator's shipping steps (the operator console acts through the admin API, as here).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, devices, expect, type Page } from '@playwright/test';
import type BetterSqlite3 from 'better-sqlite3';
import { type Lang, storeMsg } from './locales';
import { admin, api, baseURL, ok, registerMerchant, type TestMerchant } from './server';
import { shot } from './shot';
import { idempotent, setPayPassword, toppedUp } from './wallet';

/**
 * A buyer's phone: a fresh context (no merchant session) in `lang`, whose buyer has picked `lang` in
 * the storefront's switcher (`sf.lang`, their choice). Without a choice the storefront shows a shop
 * in the shop's own language (storefront-language.spec.ts): `chosen: false` leaves it unchosen.
 */
export async function buyerPhone(
  browser: Browser,
  lang: Lang,
  { chosen = true }: { chosen?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    locale: lang === 'en' ? 'en-US' : lang === 'vi' ? 'vi-VN' : lang,
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  if (chosen)
    await context.addInitScript((choice) => {
      if (!localStorage.getItem('sf.lang')) localStorage.setItem('sf.lang', choice);
    }, lang);
  return { context, page: await context.newPage() };
}

/** A phone's browser: visits count for people, not for HeadlessChrome (docs/dashboard.md "Visitors"). */
export const PHONE_UA = devices['Pixel 7'].userAgent;

/**
 * A person's view of a shop outside the browser tests' own pages: the shop's page, which gives the
 * visitor its id (a signed cookie), then the view the page's script records with it. Whether it
 * counted.
 */
export async function visitShop(shop: number): Promise<boolean> {
  const page = await fetch(`${baseURL}/s/${shop}`, { headers: { 'user-agent': PHONE_UA } });
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error('the shop page gave no visitor id');
  return ok(
    await api<{ counted: boolean }>('/store/visit', {
      body: { shop },
      headers: { cookie, 'user-agent': PHONE_UA },
    }),
  ).counted;
}

export interface ShelfItem {
  id: number;
  title: string;
  price: string;
  stock: number;
  sales: number;
}

export interface Bought {
  id: number;
  token: string;
}

/** A guest's order in the storefront, paid on the test provider's page (through the API). */
export async function bought(listingId: number, quantity = 1): Promise<Bought> {
  const placed = ok(
    await api<{ order: { id: number }; payment: { id: number }; order_token: string }>('/store/checkout', {
      body: {
        listing_id: listingId,
        quantity,
        receiver_name: 'Trần Thị Mua',
        receiver_phone: '+84901234567',
        address: '45 Lê Lợi, Phường Bến Nghé, Hồ Chí Minh',
        email: `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
      },
      headers: idempotent(),
    }),
  );
  ok(await api('/store/pay/test', { body: { payment_id: placed.payment.id, outcome: 'succeed' } }));
  return { id: placed.order.id, token: placed.order_token };
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

/** A guest buyer's delivery details (each story its own email, so orders never join an account). */
export function buyerDetails() {
  return {
    name: 'Trần Thị Mua',
    phone: '+84901234567',
    address: '45 Lê Lợi, Phường Bến Nghé, Hồ Chí Minh',
    email: `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
  };
}
export type Buyer = ReturnType<typeof buyerDetails>;

/** The cheapest product on the first page of the shop's shelf that has stock: the wallet covers its cost. */
export async function productToBuy(shop: number, lang: Lang): Promise<ShelfItem> {
  const shelf = (await shelfOf(shop, lang)).list.filter((p) => p.stock > 0);
  const item = shelf.sort((a, b) => Number(a.price) - Number(b.price))[0];
  if (!item) throw new Error(`shop ${shop} has nothing in stock on its first page`);
  return item;
}

export interface Placed {
  id: number;
  orderNo: string;
  /** The guest's order link (`/s/order/<id>?t=<token>`), as the page shows it to keep. */
  link: string;
}

/**
 * In the storefront, on the buyer's phone (which records the shop visit): the shop, a product, checkout as a guest, the test
 * provider's page (TEST MODE), Pay; the order page then says it is paid (awaiting pickup).
 */
export async function buyAsGuest(
  page: Page,
  lang: Lang,
  m: TestMerchant,
  product: ShelfItem,
  buyer: Buyer,
  pictures?: { testInfo: Parameters<typeof shot>[1] },
): Promise<Placed> {
  const shopId = m.merinfo.id;
  await page.goto(`/s/${shopId}`);
  await expect(page.getByRole('heading', { level: 1, name: m.storeName })).toBeVisible();
  const shelf = await shelfOf(shopId, lang);
  await expect(page.locator('#products-title')).toHaveText(
    storeMsg(lang, 'shop.products', { count: shelf.total }),
  );
  const card = page.locator('a.item').filter({ hasText: product.title }).first();
  await expect(card).toContainText(amountText(lang, product.price));
  if (pictures) await shot(page, pictures.testInfo, `store-shop-${lang}`);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/s/p/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.locator('p.price')).toContainText(amountText(lang, product.price));
  if (pictures) await shot(page, pictures.testInfo, `store-product-${lang}`);
  await page.getByRole('button', { name: storeMsg(lang, 'product.buy') }).click();

  await expect(page).toHaveURL(new RegExp(`/s/checkout/${product.id}\\?q=1$`));
  await expect(page.getByRole('heading', { level: 1, name: storeMsg(lang, 'checkout.title') })).toBeVisible();
  await expect(page.getByLabel(storeMsg(lang, 'checkout.quantity'))).toHaveValue('1');
  await page.getByLabel(storeMsg(lang, 'checkout.name')).fill(buyer.name);
  await page.getByLabel(storeMsg(lang, 'checkout.phone')).fill(buyer.phone);
  await page.getByLabel(storeMsg(lang, 'checkout.address')).fill(buyer.address);
  await page.getByLabel(storeMsg(lang, 'checkout.email')).fill(buyer.email);
  if (pictures) await shot(page, pictures.testInfo, `store-checkout-${lang}`);
  await page.getByRole('button', { name: storeMsg(lang, 'checkout.submit') }).click();

  // The test provider's page says plainly that no real money moves.
  await expect(page).toHaveURL(/\/s\/pay\/\d+\?order=\d+$/);
  await expect(page.getByRole('note')).toHaveText(storeMsg(lang, 'pay.testMode'));
  await expect(page.locator('.card .price')).toContainText(amountText(lang, product.price));
  await expect(page.getByRole('status')).toContainText(storeMsg(lang, 'payStatus.created'));
  if (pictures) await shot(page, pictures.testInfo, `store-pay-test-mode-${lang}`);
  await page.getByRole('button', { name: storeMsg(lang, 'pay.pay') }).click();

  // The order page: paid, which the merchant sees as awaiting pickup.
  await expect(page).toHaveURL(/\/s\/order\/\d+$/);
  await expect(page.locator('p.status')).toHaveText(storeMsg(lang, 'status.paid'));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/O\d+/);
  const orderNo = /O\d+/.exec((await heading.textContent()) ?? '')?.[0] as string;
  const link = (await page.locator('.link-box a').getAttribute('href')) as string;
  expect(link).toMatch(/\/s\/order\/\d+\?t=.+/);
  return { id: orderIdOf(page.url()), orderNo, link };
}

/** The merchant picks an order up through the API (the orders suite covers the pickup sheet). */
export async function pickedUp(m: TestMerchant, orderId: number, payPassword = '123456') {
  ok(
    await api('/merchant/order/pick', {
      token: m.token,
      body: { id: orderId, pay_password: payPassword },
      headers: idempotent(),
    }),
  );
}

/**
 * The last sign-in code the server mailed to `email`. The browser tests' server has no SMTP, so the
 * outbox table is the delivery (as `npm run ops -- outbox` shows it): read here from the server's
 * SQLite file, read-only (WAL: the running server keeps writing meanwhile). better-sqlite3 is the
 * server's dependency, loaded from there.
 */
export async function mailedCode(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const Database = createRequire(new URL('../../../server/package.json', import.meta.url))(
    'better-sqlite3',
  ) as typeof BetterSqlite3;
  const db = new Database(path.join(dataDir, 'dropdesk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    for (let i = 0; i < 50; i += 1) {
      const row = db
        .prepare('select body from outbox where recipient = ? order by id desc limit 1')
        .get(email) as { body: string } | undefined;
      const code = row && /\b(\d{6})\b/.exec(row.body)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  } finally {
    db.close();
  }
}

/**
 * In the storefront: the buyer signs in with the code mailed to `email` (from a page with a sign-in
 * link, or /s/login), then lands on `next`.
 */
export async function buyerSignsIn(page: Page, lang: Lang, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: storeMsg(lang, 'login.title') })).toBeVisible();
  await page.getByLabel(storeMsg(lang, 'checkout.email')).fill(email);
  await page.getByRole('button', { name: storeMsg(lang, 'login.sendCode') }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await page.getByLabel(storeMsg(lang, 'login.code')).fill(await mailedCode(email));
  await page.getByRole('button', { name: storeMsg(lang, 'login.signIn'), exact: true }).click();
}
