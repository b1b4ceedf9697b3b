import { sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { admin, api, ok, operatorLogin, registerMerchant, uploadImage } from '@dropdesk/test-kit/e2e/server';
import {
  askTopUp,
  askWithdrawal,
  openTopUps,
  savedBankCard,
  setPayPassword,
  toppedUp,
  verified,
} from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { appealedRefund, newOperator, said, shot, signInConsole } from './support/console';

/** Opens a queue and selects the item of `shop` (the list shows each item's shop). */
async function pick(page: Page, path: string, shop: string) {
  await page.goto(`/console${path}`);
  await page
    .getByRole('button', { name: new RegExp(shop) })
    .first()
    .click();
}

test('a reviewer works each queue from the keyboard, and the loser of a race is told', async ({
  page,
}, testInfo) => {
  const op = await operatorLogin();
  await openTopUps(op);
  // A merchant with a top-up and a withdrawal waiting.
  const m = await registerMerchant();
  await setPayPassword(m);
  await verified(m, op);
  await savedBankCard(m);
  await toppedUp(m, op, '500.00');
  await askTopUp(m, '150.00');
  await askWithdrawal(m, '120.00');
  // A merchant whose identity waits.
  const k = await registerMerchant();
  const [front, back, hand] = await Promise.all([1, 2, 3].map(() => uploadImage('id_card', k.token)));
  ok(
    await api('/merchant/merchant/idcard', {
      token: k.token,
      body: {
        real_name: k.realName,
        id_number: '079123456780',
        id_card_front: front,
        id_card_back: back,
        id_card_hand: hand,
      },
    }),
  );
  // A refund the merchant rejected and the buyer appealed.
  const seller = await sellingMerchant(op, '500.00');
  const appealed = await appealedRefund(seller);

  const reviewer = await newOperator('reviewer');
  await signInConsole(page, reviewer);
  await shot(page, testInfo, 'reviewer-overview');

  // Top-ups: the voucher and the merchant's history; `a` approves.
  await pick(page, '/queues/recharges', m.storeName);
  await expect(page.getByText(/^Top-up R/)).toBeVisible();
  await expect(page.getByText('Voucher (click to zoom)')).toBeVisible();
  await expect(page.getByText('Keyboard:')).toBeVisible();
  await shot(page, testInfo, 'queue-top-ups');
  await page.keyboard.press('a');
  await expect(said(page, 'Approved')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(m.storeName) })).toHaveCount(0);

  // The race: another top-up is approved by the demo admin while the reviewer looks at it.
  await askTopUp(m, '160.00');
  await pick(page, '/queues/recharges', m.storeName);
  const pending = ok(
    await admin<{ list: { id: number }[] }>(op, '/admin/recharges', {
      query: { status: 'pending', merchant_id: m.merinfo.id },
    }),
  );
  ok(
    await admin(op, '/admin/recharges/approve', {
      body: { id: pending.list[0]!.id },
      headers: { 'Idempotency-Key': `race-${Date.now()}` },
    }),
  );
  await page.keyboard.press('a');
  await expect(said(page, 'This request has already been processed')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(m.storeName) })).toHaveCount(0);
  await shot(page, testInfo, 'queue-race-lost');

  // Withdrawals: amount, fee, what arrives, the destination, balance and recent activity; `r` rejects
  // with a preset reason.
  await pick(page, '/queues/withdrawals', m.storeName);
  await expect(page.getByText('Wallet balance')).toBeVisible();
  await expect(page.getByText('0071000123456')).toBeVisible();
  await shot(page, testInfo, 'queue-withdrawals');
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog');
  // Chosen from the keyboard, as a reviewer in a hurry would: the list opens with a motion, and a
  // click on its first option while it moved missed once in CI; Enter takes the active (first) one.
  await dialog.getByRole('combobox', { name: 'Usual reasons' }).click();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Reason the merchant will read')).not.toHaveValue('');
  await shot(page, testInfo, 'queue-withdrawal-reject');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(said(page, 'Rejected')).toBeVisible();

  // Identity: the photos side by side with the typed fields; `a` verifies.
  await pick(page, '/queues/kyc', k.storeName);
  await expect(page.getByRole('img', { name: 'ID card, front' })).toBeVisible();
  await expect(page.getByText('079123456780')).toBeVisible();
  await shot(page, testInfo, 'queue-identity');
  await page.keyboard.press('a');
  await expect(said(page, 'Identity verified')).toBeVisible();

  // Refund appeals: both sides and the money trail; `a` refunds the buyer, with a reason.
  await pick(page, '/queues/appeals', seller.storeName);
  await expect(page.getByText(`Appeal on order ${appealed.orderNo}`)).toBeVisible();
  await expect(page.getByText('I was never home')).toBeVisible();
  await expect(page.getByText('The tracking shows it arrived')).toBeVisible();
  await shot(page, testInfo, 'queue-appeal');
  await page.keyboard.press('a');
  await page.getByRole('dialog').getByLabel('Reason the merchant will read').fill('No proof of delivery');
  await page.getByRole('dialog').getByRole('button', { name: 'Refund the buyer' }).click();
  await expect(said(page, 'Decided')).toBeVisible();
  await shot(page, testInfo, 'queue-appeal-decided');
});
