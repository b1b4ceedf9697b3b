import { pickedUp, sellingMerchant, shipAndDeliver } from '@dropdesk/test-kit/e2e/orders';
import { api, ok, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Locator, test } from '@playwright/test';
import { signIn } from './support/app';
import { fmt, type Lang, msg, pageTitle, storeMsg } from './support/locales';
import {
  amountText,
  buyAsGuest,
  buyerDetails,
  buyerPhone,
  buyerSignsIn,
  productToBuy,
} from './support/store';

/**
 * Home with figures that come from what a buyer did in the storefront: a visit to the
 * shop page, an order paid as a guest, a follow and a rating once the buyer signs in with the code
 * mailed to the order's email. Every figure is then read on the merchant's Home and opened: the
 * sold orders behind the sales, the visitors per day, the ratings, and the sheets explaining the
 * credit score and the followers. In vi, the shops' first language.
 */

const lang: Lang = 'vi';

/** A figure's value (the `<strong>` under its label). */
const value = (figure: Locator) => figure.locator('strong');

/** A number with one decimal, as Home writes the rating. */
const oneDecimal = (n: number) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

test('Home shows what buyers did: a visit, a paid order, a follow, a rating; each figure opens what it is made of', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  // ---- setup through the API: a shop with products, a payment password and money for costs
  const m = await sellingMerchant(op, '1000');
  const product = await productToBuy(m.merinfo.id, lang);
  const buyer = buyerDetails();

  // ---- the buyer's phone: the shop page (a visit), a product, checkout as a guest, the test payment
  const phone = await buyerPhone(browser, lang);
  const order = await buyAsGuest(phone.page, lang, m, product, buyer);

  // The buyer signs in with the code mailed to the order's email (the guest order joins the
  // account) and follows the shop.
  await phone.page.goto(`/s/${m.merinfo.id}`);
  await phone.page.getByRole('link', { name: storeMsg(lang, 'shop.signInToFollow') }).click();
  await buyerSignsIn(phone.page, lang, buyer.email);
  await expect(phone.page).toHaveURL(new RegExp(`/s/${m.merinfo.id}$`));
  await phone.page.getByRole('button', { name: storeMsg(lang, 'shop.follow'), exact: true }).click();
  await expect(
    phone.page.getByRole('button', { name: storeMsg(lang, 'shop.following'), exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(phone.page.locator('ul.stats')).toContainText(storeMsg(lang, 'shop.followers', { count: 1 }));

  // The merchant picks it up, an operator ships it (both through the API); the buyer confirms
  // receipt and rates it 4 stars.
  await pickedUp(m, order.id);
  await shipAndDeliver(op, order.id, { carrier: 'Giao Hàng Nhanh', trackingNo: `VN${order.id}H12` });
  await phone.page.goto(order.link);
  await phone.page.getByRole('button', { name: storeMsg(lang, 'order.confirm') }).click();
  await expect(phone.page.locator('p.status')).toHaveText(storeMsg(lang, 'status.received'));
  await phone.page.getByText(storeMsg(lang, 'rate.title'), { exact: true }).click();
  await phone.page.getByLabel(storeMsg(lang, 'rate.stars', { count: 4 }), { exact: true }).check();
  const comment = 'Giao nhanh, đóng gói cẩn thận';
  await phone.page.getByLabel(storeMsg(lang, 'rate.comment')).fill(comment);
  await phone.page.getByRole('button', { name: storeMsg(lang, 'rate.submit') }).click();
  await expect(phone.page.getByRole('region', { name: storeMsg(lang, 'rate.title') })).toContainText(comment);
  await phone.context.close();

  // ---- the merchant's Home
  await signIn(page, m, '/home', lang);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.home'));
  const price = amountText(lang, product.price);
  const figure = (id: string) => page.getByTestId(`figure-${id}`);
  await expect(value(figure('today-orders'))).toHaveText('1');
  await expect(value(figure('today-sales'))).toContainText(price);
  await expect(value(figure('total-sales'))).toContainText(price);
  await expect(figure('total-sales')).toContainText(fmt(lang, 'home.total.orders', { count: 1, n: '1' }));
  const visitors = Number(await value(figure('visitors-today')).textContent());
  expect(visitors).toBeGreaterThanOrEqual(1);
  await expect(value(figure('followers'))).toHaveText('1');
  await expect(value(figure('rating'))).toHaveText(fmt(lang, 'home.shop.outOf5', { value: oneDecimal(4) }));
  await expect(figure('rating')).toContainText(fmt(lang, 'home.shop.ratings', { count: 1, n: '1' }));
  await expect(value(figure('credit'))).toHaveText('100');
  // The same figures the server holds (recorded events only).
  const dash = ok(
    await api<{ today_orders: number; total_sales: string }>('/merchant/index/index', { token: m.token }),
  );
  expect(dash).toMatchObject({ today_orders: 1, total_sales: product.price });
  await shot(page, testInfo, `home-figures-${lang}`);

  // Total sales: the sold orders, the order among them.
  await figure('total-sales').click();
  await expect(page).toHaveURL(/\/order\?sold=1$/);
  await expect(page.getByTestId('filter-sold')).toBeVisible();
  const rows = page.getByTestId('order');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderNo);
  await shot(page, testInfo, `order-sold-${lang}`);
  await page.goBack();

  // Today's sold orders: the same order, paid today.
  await figure('today-orders').click();
  await expect(page).toHaveURL(/\/order\?sold=1&paid_day=\d{4}-\d{2}-\d{2}$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderNo);
  await page.goBack();

  // Visitors: the visitors per day, the total the figure said.
  await figure('visitors-today').click();
  await expect(page).toHaveURL(/\/visitors\?days=7$/);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.visitors'));
  await expect(page.getByTestId('visits-total')).toHaveText(
    fmt(lang, 'home.visits.total', { count: visitors, n: String(visitors) }),
  );
  await expect(page.getByTestId('visit-day')).toHaveCount(7);
  await expect(page.getByTestId('visit-day').first()).toContainText(
    fmt(lang, 'home.visits.count', { count: visitors, n: String(visitors) }),
  );
  await shot(page, testInfo, `visitors-${lang}`);
  await page.goBack();

  // The rating: the buyer's stars and comment, with the order.
  await figure('rating').click();
  await expect(page).toHaveURL(/\/ratings$/);
  const rating = page.getByTestId('rating');
  await expect(rating).toHaveCount(1);
  await expect(rating).toContainText(comment);
  await expect(rating).toContainText(order.orderNo);
  await shot(page, testInfo, `ratings-${lang}`);
  await page.goBack();

  // The credit score: how it is counted, nothing taken off.
  await figure('credit').click();
  const credit = page.getByRole('dialog', { name: fmt(lang, 'home.credit.title', { score: '100' }) });
  await expect(credit).toBeVisible();
  await expect(credit.getByTestId('credit-sums')).toContainText(msg(lang, 'home.credit.base'));
  await shot(page, testInfo, `home-credit-${lang}`);
  await credit.getByRole('button', { name: msg(lang, 'home.close') }).click();
  await expect(credit).toBeHidden();
  await expect(figure('credit')).toBeFocused();

  // The followers: one buyer follows the shop.
  await figure('followers').click();
  const followers = page.getByRole('dialog', { name: msg(lang, 'home.followers.title') });
  await expect(followers).toContainText(fmt(lang, 'home.followers.count', { count: 1, n: '1' }));
});
