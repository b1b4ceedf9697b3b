/**
 * The storefront (apps/storefront, served under /s/) in the browser tests: a buyer's phone, the
 * shop's shelf as the storefront reads it, and a guest's purchase and sign-in driven through its
 * screens. The order loop set up through the API (a merchant ready to sell, the merchant's pickup,
 * the operator's shipping steps) is shared: @dropdesk/test-kit/e2e/orders.
 */
import { mailedCode } from '@dropdesk/test-kit/e2e/orders';
import { api, baseURL, ok, type TestMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { type Browser, type BrowserContext, devices, expect, type Page } from '@playwright/test';
import { type Lang, storeMsg } from './locales';

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
