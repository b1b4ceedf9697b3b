import {
  api,
  ok,
  operatorLogin,
  PNG,
  registerMerchant,
  type TestMerchant,
} from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { approve, openTopUps, setPayPassword, TRC20, toppedUp } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { msg } from './support/locales';

/**
 * Money through the UI against the real server: a top-up with a voucher that an operator approves,
 * identity and bank card, a withdrawal with a wrong then a right payment password, and the finance
 * report and funds records that follow from them. Operators act through the admin API, as the
 * operator console would.
 */

const image = { name: 'voucher.png', mimeType: 'image/png', buffer: PNG };

/** Enters the digits into a payment password field (one real input). */
async function typePasscode(page: Page, testId: string, digits: string) {
  const input = page.getByTestId(testId);
  await input.fill(digits);
  await expect(input).toHaveValue(digits);
}

/** A merchant with payment password 123456 (set through the API: the account suite covers the UI). */
async function merchantWithPayPassword(): Promise<TestMerchant> {
  const m = await registerMerchant();
  await setPayPassword(m);
  return m;
}

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  // The platform's deposit address and the receiving bank account, as an admin configures them.
  await openTopUps(op);
});

test('top-up on chain with a voucher, approved by an operator, then the balance', async ({
  page,
}, testInfo) => {
  const m = await registerMerchant();
  await signIn(page, m, '/my', 'en');
  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL(/\/recharge$/);
  await shot(page, testInfo, 'recharge-en');
  await page.getByRole('link', { name: 'Crypto (USDT)' }).click();
  await expect(page).toHaveURL(/\/blockchainRecharge$/);
  await expect(page.getByTestId('deposit-address')).toHaveText(TRC20);
  await expect(page.getByText('after 2 network confirmations')).toBeVisible();
  await expect(page.getByText('Binance Smart Chain')).toBeVisible();

  // The form refuses what the server would, in the merchant's words.
  const amount = page.getByLabel('Amount');
  await amount.fill('0');
  await page.getByRole('button', { name: 'Submit top-up' }).click();
  await expect(page.getByText('Cannot be zero')).toBeVisible();
  await expect(page.getByText('Please upload this photo', { exact: true })).toBeVisible();
  await amount.fill('50');
  await page.getByRole('button', { name: 'Submit top-up' }).click();
  await expect(page.getByText(/^Minimum top-up \$100\.00$/).first()).toBeVisible();

  await page.getByLabel('Payment voucher', { exact: true }).setInputFiles(image);
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await amount.fill('250');
  await shot(page, testInfo, 'blockchain-recharge-en');
  await page.getByRole('button', { name: 'Submit top-up' }).click();
  await expect(page).toHaveURL(/\/rechargeRecord$/);
  const record = page.getByTestId('record').first();
  await expect(record).toContainText('250.00');
  await expect(record).toContainText('Pending');

  // The operator approves; the record and the balance follow.
  await approve(op, 'recharges', m.merinfo.id);
  await page.reload();
  await expect(page.getByTestId('record').first()).toContainText('Approved');
  await shot(page, testInfo, 'recharge-record-en');
  await page.goto('/my');
  await expect(page.getByText('250.00')).toBeVisible();
  const me = ok(await api<{ balance: string }>('/merchant/merchant/getMerInfo', { token: m.token }));
  expect(me.balance).toBe('250.00');
});

test('identity and bank card, then a withdrawal: wrong then right payment password', async ({
  page,
}, testInfo) => {
  const m = await merchantWithPayPassword();
  await signIn(page, m, '/withdraw', 'en');
  // Without a verified identity the withdrawal screen sends the merchant to verify it.
  await expect(page.getByTestId('kyc-needed')).toContainText('identity must be verified');
  await page.getByRole('link', { name: 'Verify my identity' }).click();
  await expect(page).toHaveURL(/\/idInfo$/);

  // ---- identity: the name and three photos come from registration, the ID number is asked; one
  // photo replaced; then in review, and an operator verifies it
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page.getByLabel('ID number')).toHaveAccessibleDescription('Required');
  await expect(page.getByLabel('Full legal name', { exact: true })).toHaveValue(m.realName);
  await page.getByLabel('ID number').fill('079123456789');
  await page.getByLabel('ID card, front', { exact: true }).setInputFiles(image);
  await expect(page.getByText('Uploaded', { exact: true }).first()).toBeVisible();
  await shot(page, testInfo, 'id-info-form-en');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
  await approve(op, 'kyc', m.merinfo.id);
  await page.reload();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'verified');
  await shot(page, testInfo, 'id-info-verified-en');

  // ---- bank card, proven with the payment password; read back masked
  await page.goto('/bank');
  await expect(page.getByText('No bank card saved yet.')).toBeVisible();
  await page.getByLabel('Account holder').fill('Nguyen Van E2E');
  await page.getByLabel('Bank name').fill('Vietcombank');
  await page.getByLabel('Account number').fill('0071 0001 23456');
  await typePasscode(page, 'bank-pay-password', '123456');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('bank-card')).toContainText(/\*{4} 3456/);
  await expect(page.getByTestId('bank-card')).not.toContainText('0071000123456');
  await shot(page, testInfo, 'bank-en');

  // ---- money in, then the withdrawal
  await toppedUp(m, op, '500');
  await page.goto('/withdraw');
  await expect(page.getByTestId('balance')).toHaveText('$500.00');
  await page.getByLabel('Amount').fill('100');
  // Live fee (1% + 1.00 by default) and what arrives.
  await expect(page.getByTestId('fee')).toHaveText('Fee: $2.00 · You receive: $98.00');
  await typePasscode(page, 'pay-password', '111111');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('pay-password')).toHaveAccessibleDescription(/wrong|incorrect/i);
  await shot(page, testInfo, 'withdraw-wrong-password-en');
  expect(
    ok(await api<{ balance: string }>('/merchant/merchant/getMerInfo', { token: m.token })).balance,
  ).toBe('500.00');
  await typePasscode(page, 'pay-password', '123456');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/withdrawRecord$/);
  const record = page.getByTestId('record').first();
  await expect(record).toContainText('100.00');
  await expect(record).toContainText('Pending');
  await approve(op, 'withdrawals', m.merinfo.id);
  await page.reload();
  await expect(page.getByTestId('record').first()).toContainText('Approved');
  await shot(page, testInfo, 'withdraw-record-en');
  expect(
    ok(await api<{ balance: string }>('/merchant/merchant/getMerInfo', { token: m.token })).balance,
  ).toBe('400.00');
});

test('finance report filters and funds records follow the ledger', async ({ page }, testInfo) => {
  const m = await registerMerchant();
  await toppedUp(m, op, '300');
  await toppedUp(m, op, '120.50');
  await signIn(page, m, '/finance', 'en');

  // All and today hold both top-ups (the wallet's line); yesterday holds nothing (no line).
  await expect(page.getByTestId('wallet-topups')).toContainText('420.50');
  await expect(page.getByTestId('wallet-closing')).toContainText('420.50');
  await shot(page, testInfo, 'finance-all-en');
  for (const [label, topups] of [
    ['Today', '420.50'],
    ['Yesterday', '0.00'],
    ['This week', '420.50'],
    ['This month', '420.50'],
  ] as const) {
    const answered = page.waitForResponse((r) => r.url().includes('financial_report'));
    await page.getByRole('button', { name: label, exact: true }).click();
    await answered;
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    if (topups === '0.00') await expect(page.getByTestId('wallet-topups')).toHaveCount(0);
    else await expect(page.getByTestId('wallet-topups')).toContainText(topups);
  }
  // The line opens the funds records it sums.
  await page.getByTestId('wallet-topups').click();
  await expect(page).toHaveURL(/\/fundsRecords\?journal_type=recharge&range=month$/);
  await expect(page.getByTestId('bill-sums')).toContainText('$420.50');
  await shot(page, testInfo, 'finance-month-en');

  // Funds records: each posting with its balance after, newest first; the type filter narrows them.
  await page.goto('/fundsRecords');
  const rows = page.getByTestId('bill-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('+$120.50');
  await expect(rows.first()).toContainText('420.50');
  await expect(rows.nth(1)).toContainText('300.00');
  await shot(page, testInfo, 'funds-records-en');
  await page.getByRole('button', { name: msg('en', 'funds.type.withdrawal'), exact: true }).click();
  await expect(page.getByText('No “Withdrawal” records yet')).toBeVisible();
  await page.getByRole('button', { name: msg('en', 'funds.type.recharge'), exact: true }).click();
  await expect(rows).toHaveCount(2);
});
