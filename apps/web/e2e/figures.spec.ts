import {
  type Bought,
  bought,
  pickedUp,
  sellingMerchant,
  shipAndDeliver,
} from '@dropdesk/test-kit/e2e/orders';
import { api, ok, operatorLogin, type TestMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import {
  approve,
  askTopUp,
  askWithdrawal,
  idempotent,
  openTopUps,
  savedBankCard,
  verified,
} from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';
import { productToBuy } from './support/store';

/**
 * One figure, one meaning, on every screen (docs/figures.md), in the browser: one shop's
 * history made through the API — an order settled, one shipped and refunded in full, one refunded
 * before shipping, one awaiting pickup, one picked up, one cancelled by its buyer; a withdrawal paid
 * out and one pending; a top-up pending — then, in vi, en and th at 390 px, each figure of Home
 * reads the same in the finance report and in the list it opens, and the order's money trail says
 * who bore what. A picture of each screen.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];

/** A call of the guest buyer's, with the order's link token. */
const asBuyer = (o: Bought, path: string, body: Record<string, unknown>) =>
  api(path, { body: { id: o.id, ...body }, headers: { 'order-token': o.token, ...idempotent() } });

/** The merchant approves the refund asked on an order. */
async function approveRefund(m: TestMerchant, orderId: number) {
  const refunds = ok(
    await api<{ list: { id: number; order_id: number }[] }>('/merchant/merchant/refund_order', {
      token: m.token,
      query: { status: 'pending' },
    }),
  );
  const refund = refunds.list.find((r) => r.order_id === orderId);
  if (!refund) throw new Error(`no pending refund on order ${orderId}`);
  ok(
    await api('/merchant/merchant/refund_audit', {
      token: m.token,
      body: { id: refund.id, action: 'approve' },
      headers: idempotent(),
    }),
  );
}

/** The value a figure shows, as text (a Home figure, a finance figure, a sum of a list). */
const shownValue = async (page: Page, testId: string, inner = 'strong') =>
  ((await page.getByTestId(testId).locator(inner).first().textContent()) ?? '').trim();

let m: TestMerchant;
let shipped: Bought;
let early: Bought;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const op = await operatorLogin();
  await openTopUps(op);
  m = await sellingMerchant(op, '500');
  await verified(m, op);
  await savedBankCard(m);
  const product = await productToBuy(m.merinfo.id, 'en');

  // Days ago: an order received, then settled when the after-sales window closes (the test clock).
  const settled = await bought(product.id);
  await pickedUp(m, settled.id);
  await shipAndDeliver(op, settled.id, { carrier: 'GHN', trackingNo: `GHN${settled.id}` });
  ok(await asBuyer(settled, '/store/order/confirm', {}));
  ok(await api('/__test/clock', { body: { advance_ms: 3 * 86_400_000 + 60_000 } }));

  // Today: shipped and refunded in full (the cost paid stays paid); refunded before shipping (the
  // cost comes back); awaiting pickup; picked up; cancelled by its buyer before pickup.
  shipped = await bought(product.id);
  await pickedUp(m, shipped.id);
  const op2 = await operatorLogin();
  await shipAndDeliver(op2, shipped.id, { carrier: 'GHN', trackingNo: `GHN${shipped.id}` });
  ok(
    await asBuyer(shipped, '/store/order/refund', {
      amount: product.price,
      reason: 'Broken',
      goods_received: true,
    }),
  );
  await approveRefund(m, shipped.id);
  early = await bought(product.id);
  await pickedUp(m, early.id);
  ok(
    await asBuyer(early, '/store/order/refund', {
      amount: product.price,
      reason: 'Changed my mind',
      goods_received: false,
    }),
  );
  await approveRefund(m, early.id);
  await bought(product.id);
  const picked = await bought(product.id, 2);
  await pickedUp(m, picked.id);
  const cancelled = await bought(product.id);
  ok(await asBuyer(cancelled, '/store/order/cancel', {}));

  // Money: a withdrawal paid out, one pending; a top-up pending.
  await askWithdrawal(m, '100');
  await approve(op2, 'withdrawals', m.merinfo.id);
  await askWithdrawal(m, '50');
  await askTopUp(m, '120');
});

for (const lang of LANGS) {
  test(`the same figure reads the same on Home, the finance report and its lists (${lang})`, async ({
    page,
  }, testInfo) => {
    await signIn(page, m, '/home', lang);
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'home');
    const home = async (figure: string) =>
      ((await page.locator(`[data-figure="${figure}"] [data-part="value"]`).textContent()) ?? '').trim();
    await expect(page.locator('[data-figure="now_on_hold"] [data-part="value"]')).not.toHaveText('–');
    const figures = {
      total_sales: await home('total_sales'),
      total_profit: await home('total_profit'),
      today_sales: await home('today_sales'),
      today_profit: await home('today_profit'),
      in_escrow: await home('now_in_escrow'),
      on_hold: await home('now_on_hold'),
      awaiting: await home('now_awaiting_pickup_cost'),
      pending: await home('now_pending_topups'),
    };
    // The shipped order refunded in full counts its loss: profit is below the sold orders' margins.
    expect(figures.total_profit).toMatch(/\d/);
    await shot(page, testInfo, `figures-home-${lang}`);
    // The curve is drawn, not "loading", although it is below the tab bar.
    await expect(page.getByTestId('sales-sketch').or(page.locator('.uplot'))).toHaveCount(1);

    // The finance report of all time: Home's totals and "now", by the same names and values.
    await page.goto('/finance');
    await expect(page.getByTestId('figure-sales')).toContainText(msg(lang, 'figures.sales'));
    await expect.poll(() => shownValue(page, 'figure-sales')).toBe(figures.total_sales);
    await expect.poll(() => shownValue(page, 'figure-profit')).toBe(figures.total_profit);
    await expect.poll(() => shownValue(page, 'now-in-escrow')).toBe(figures.in_escrow);
    await expect.poll(() => shownValue(page, 'now-on-hold')).toBe(figures.on_hold);
    await expect.poll(() => shownValue(page, 'now-awaiting-pickup-cost')).toBe(figures.awaiting);
    await expect.poll(() => shownValue(page, 'now-pending-topups')).toBe(figures.pending);
    await expect(page.getByTestId('reconciliation-result')).toHaveText(msg(lang, 'finance.check.agrees'));
    await shot(page, testInfo, `figures-finance-all-${lang}`);
    for (const range of ['yesterday', 'week', 'month'] as const) {
      await page.getByRole('button', { name: msg(lang, `finance.range.${range}`), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`range=${range}$`));
      await expect(page.getByTestId('wallet-closing')).toBeVisible();
      await shot(page, testInfo, `figures-finance-${range}-${lang}`);
    }
    await page.getByRole('button', { name: msg(lang, 'finance.range.today'), exact: true }).click();
    await expect(page).toHaveURL(/range=today$/);
    await expect(page.getByTestId('figure-sales').locator('strong')).toHaveText(figures.today_sales);
    await expect.poll(() => shownValue(page, 'figure-profit')).toBe(figures.today_profit);
    await shot(page, testInfo, `figures-finance-today-${lang}`);

    // Each figure opens what it is made of, which adds up to it.
    await page.getByTestId('figure-profit').click();
    await expect(page).toHaveURL(/\/order\?paid=1&paid_range=today$/);
    await expect(page.getByTestId('sum-profit').locator('dd')).toHaveText(figures.today_profit);
    await shot(page, testInfo, `figures-orders-profit-today-${lang}`);
    await page.goto('/finance');
    await page.getByTestId('wallet-settled').click();
    await expect(page).toHaveURL(/\/fundsRecords\?journal_type=settlement$/);
    await expect(page.getByTestId('bill-sums')).toBeVisible();
    await shot(page, testInfo, `figures-funds-settled-${lang}`);
    await page.goto('/home');
    await page.getByTestId('figure-now-in-escrow').click();
    await expect(page).toHaveURL(/\/order\?in_escrow=1$/);
    await expect(page.getByTestId('sum-in-escrow').locator('dd')).toHaveText(figures.in_escrow);
    await page.goto('/fundsRecords?account=withdraw_hold');
    await expect(page.getByTestId('bill-row').first()).toBeVisible();
    await shot(page, testInfo, `figures-funds-hold-${lang}`);

    // The money trail after a refund of a shipped order: who bore what, the loss not in green.
    await page.goto(`/orderDetail?id=${shipped.id}`);
    const profit = page.getByTestId('profit');
    await expect(profit).toHaveAttribute('data-sign', 'minus');
    await expect(page.getByTestId('trail-cost')).toContainText(msg(lang, 'orders.money.costKept'));
    expect(await profit.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
    await shot(page, testInfo, `figures-order-shipped-refund-${lang}`);
    // And before shipping: the cost came back, nothing lost.
    await page.goto(`/orderDetail?id=${early.id}`);
    await expect(page.getByTestId('trail-cost-returned')).toContainText(
      msg(lang, 'orders.money.costReturnedWhy'),
    );
    await expect(page.getByTestId('profit')).toHaveAttribute('data-sign', 'zero');
    await shot(page, testInfo, `figures-order-early-refund-${lang}`);
  });
}
