import { pickedUp, sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { findMerchant, newOperator, paidOrder, said, shot, signInConsole } from './support/console';

test('a support operator ships an order step by step, ships another from a CSV, and closes a shop', async ({
  page,
}, testInfo) => {
  const op = await operatorLogin();
  await openTopUps(op);
  const seller = await sellingMerchant(op, '500.00');
  const first = await paidOrder(seller);
  await pickedUp(seller, first.id);
  const second = await paidOrder(seller);
  await pickedUp(seller, second.id);

  const support = await newOperator('support');
  await signInConsole(page, support);

  // Find the order by its number, open it: money trail and timeline, then the shipping steps.
  await page.getByRole('menuitem', { name: 'Orders', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Order number', exact: true }).fill(first.orderNo);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: first.orderNo }).click();
  await expect(page.getByRole('heading', { name: `Order ${first.orderNo}` })).toBeVisible();
  await expect(page.getByText("The order's money")).toBeVisible();
  await page.getByLabel('Carrier').fill('GHN');
  await page.getByLabel('Tracking number').fill(`GHN${Date.now()}`);
  await shot(page, testInfo, 'order-ship');
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(said(page, 'Marked shipped')).toBeVisible();
  await page.getByLabel('Note').fill('Arrived at the Hanoi hub');
  await page.getByRole('button', { name: 'Mark in transit' }).click();
  await expect(page.getByRole('button', { name: 'Mark reached' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark reached' }).click();
  await expect(page.locator('.ant-steps').getByText('Reached')).toBeVisible();
  await expect(page.getByText('Arrived at the Hanoi hub', { exact: false })).toBeVisible();
  await shot(page, testInfo, 'order-reached');

  // The other from a CSV, with a row that can't be done: each row reported.
  await page.getByRole('menuitem', { name: 'Bulk shipping' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'shipping.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `order_no,carrier,tracking_no\n${second.orderNo},VTP,VTP${Date.now()}\nO00000000000000,VTP,VTP1\n`,
    ),
  });
  await page.getByRole('button', { name: 'Apply the file' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('2 rows: 1 done, 1 refused');
  await expect(report.getByRole('row').filter({ hasText: second.orderNo })).toContainText('Done');
  await shot(page, testInfo, 'bulk-shipping');

  // The merchant: found by shop name, its page, the shop closed with a reason.
  await page.getByRole('menuitem', { name: 'Merchants', exact: true }).click();
  await findMerchant(page, seller.storeName);
  await page.getByRole('link', { name: seller.storeName }).click();
  await expect(page.getByRole('heading', { name: new RegExp(seller.storeName) })).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('link', { name: first.orderNo })).toBeVisible();
  await page.getByRole('button', { name: 'Close the shop' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Reason the merchant will read')
    .fill('Counterfeit goods reported');
  await page.getByRole('dialog').getByRole('button', { name: 'Close it' }).click();
  await expect(said(page, 'The shop is closed')).toBeVisible();
  await page.getByRole('tab', { name: 'Shop' }).click();
  await expect(page.getByText('Counterfeit goods reported').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen the shop' })).toBeVisible();
  await shot(page, testInfo, 'merchant-closed');
});
