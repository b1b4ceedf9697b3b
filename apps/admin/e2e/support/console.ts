/**
 * Helpers of the console's browser tests, on top of the shared test kit's (@dropdesk/test-kit/e2e):
 * operators of each role made by the demo admin through the API, the console's sign-in driven as a
 * person would (password, then the authenticator's code computed here at the server's time), and
 * merchants with something waiting in each queue.
 */

import { pickedUp } from '@dropdesk/test-kit/e2e/orders';
import { admin, api, ok, operatorLogin, type TestMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { idempotent } from '@dropdesk/test-kit/e2e/wallet';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export { shot };

export interface ConsoleOperator {
  username: string;
  password: string;
  role: 'reviewer' | 'catalogue' | 'support' | 'admin';
  /** Known once it enrolled (its first sign-in), for the next codes. */
  secret?: string;
  /** The last 30-second step whose code it used (a code works once). */
  lastStep?: number;
}

let seq = 0;

/** A new operator of `role`, created by the demo admin (it enrols at its first sign-in). */
export async function newOperator(role: ConsoleOperator['role']): Promise<ConsoleOperator> {
  seq += 1;
  const username = `e2e_${role}_${Date.now().toString(36)}${seq}`;
  const password = 'E2e@Console2026';
  ok(await admin(await operatorLogin(), '/admin/operators/create', { body: { username, password, role } }));
  return { username, password, role };
}

const PERIOD = 30_000;

/** The authenticator's code for the operator's next unused step, at the server's time (waits if needed). */
async function nextCode(op: ConsoleOperator): Promise<string> {
  const clock = await api<{ now_ms: number }>('/__test/clock');
  let now = clock.code === 1 ? (clock.data as { now_ms: number }).now_ms : Date.now();
  let step = Math.floor(now / PERIOD);
  if (op.lastStep !== undefined && step <= op.lastStep) {
    await new Promise((r) => setTimeout(r, (op.lastStep! + 1) * PERIOD - now + 200));
    now = (op.lastStep + 1) * PERIOD + 200;
    step = op.lastStep + 1;
  }
  op.lastStep = step;
  return new TOTP({
    secret: Secret.fromBase32(op.secret!),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: now,
  });
}

/**
 * Signs in through the console's screens: username and password, then (first time) the QR code and
 * the key shown to enrol, then the 6-digit code. Ends on the overview (or `landing`).
 */
export async function signInConsole(
  page: Page,
  op: ConsoleOperator,
  pictures?: { testInfo: TestInfo; prefix: string },
) {
  await inEnglish(page);
  await page.goto('/console/login');
  await page.getByLabel('Username').fill(op.username);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = page.getByTestId('totp-secret');
  await expect(page.getByText('Code from your authenticator app').or(secret)).toBeVisible();
  if (await secret.isVisible()) {
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    op.secret = ((await secret.textContent()) ?? '').replace(/\s/g, '');
    op.lastStep = undefined;
    if (pictures) await shot(page, pictures.testInfo, `${pictures.prefix}-enrol`);
  }
  const code = await nextCode(op);
  await page.locator('input[name=code]').click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/console\/?(\?.*)?$/);
  await expect(page.getByTestId('operator-name')).toHaveText(op.username);
}

/** What the console said in its message (antd's message), not a label or a tag on screen. */
export const said = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message').getByText(text, { exact: typeof text === 'string' });

/** The console in English for the tests' words (vi is its default, like the merchant app's). */
export async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('console-lang')) localStorage.setItem('console-lang', 'en');
  });
}

/**
 * Searches the merchants' list (the Merchants screen) for one merchant and waits for what a person
 * waits for: the list of that search, one row, done loading. Clicking the shop's link in the list
 * from before the search (where the newest merchant also stands) raced the search's answer: the
 * rows were drawn again under the click, and the merchant's page never opened.
 */
export async function findMerchant(page: Page, search: string) {
  await page.getByRole('searchbox', { name: 'ID, phone, email or shop name' }).fill(search);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('table').getByRole('rowgroup').last().getByRole('row')).toHaveCount(1);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The token the console keeps for its signed-in operator (localStorage `console-session`). */
export async function consoleToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('console-session') ?? '{}').token as string);
}

/** A guest's paid order in the merchant's shop (checkout and the test provider, through the API). */
export async function paidOrder(
  m: TestMerchant,
): Promise<{ id: number; orderNo: string; total: string; orderToken: string }> {
  const shelf = ok(
    await api<{ list: { id: number; stock: number; price: string }[] }>('/store/products', {
      query: { shop: m.merinfo.id, page: 1, limit: 20 },
    }),
  );
  const item = shelf.list.filter((p) => p.stock > 0).sort((a, b) => Number(a.price) - Number(b.price))[0];
  if (!item) throw new Error('nothing to buy');
  const placed = ok(
    await api<{
      order: { id: number; order_no: string; total: string };
      payment: { id: number };
      order_token: string;
    }>('/store/checkout', {
      body: {
        listing_id: item.id,
        quantity: 1,
        receiver_name: 'Trần Thị Mua',
        receiver_phone: '+84901234567',
        address: '45 Lê Lợi, Phường Bến Nghé, Hồ Chí Minh',
        email: `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
      },
      headers: idempotent(),
    }),
  );
  ok(await api('/store/pay/test', { body: { payment_id: placed.payment.id } }));
  return {
    id: placed.order.id,
    orderNo: placed.order.order_no,
    total: placed.order.total,
    orderToken: placed.order_token,
  };
}

/** A refund the merchant rejected and the buyer appealed (the appeals queue's item). */
export async function appealedRefund(m: TestMerchant) {
  const order = await paidOrder(m);
  // A refund is asked once the merchant picked the order up (before that the buyer cancels).
  await pickedUp(m, order.id);
  const headers = { 'order-token': order.orderToken };
  ok(
    await api('/store/order/refund', {
      // Not shipped yet: the whole order (REFUND_WHOLE_ORDER otherwise).
      body: { id: order.id, amount: order.total, reason: 'It never arrived', goods_received: false },
      headers,
    }),
  );
  const refunds = ok(
    await api<{ list: { id: number; order_id: number }[] }>('/merchant/merchant/refund_order', {
      token: m.token,
      query: { page: 1, limit: 20 },
    }),
  );
  const refund = refunds.list.find((r) => r.order_id === order.id)!;
  ok(
    await api('/merchant/merchant/refund_audit', {
      token: m.token,
      body: { id: refund.id, action: 'reject', reason: 'The tracking shows it arrived' },
      headers: idempotent(),
    }),
  );
  ok(await api('/store/order/appeal', { body: { id: order.id, statement: 'I was never home' }, headers }));
  return order;
}
