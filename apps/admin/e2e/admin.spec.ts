import { api, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { expect, test } from '@playwright/test';
import { consoleToken, findMerchant, newOperator, said, shot, signInConsole } from './support/console';

test('two admins: one proposes a balance adjustment, the other approves it; self-approval is refused', async ({
  page,
  browser,
}, testInfo) => {
  const m = await registerMerchant();
  const proposer = await newOperator('admin');
  const approver = await newOperator('admin');

  // The first admin proposes a credit from the merchant's page.
  await signInConsole(page, proposer);
  await page.getByRole('menuitem', { name: 'Merchants', exact: true }).click();
  await findMerchant(page, m.phone);
  await page.getByRole('link', { name: m.storeName }).click();
  await page.getByRole('button', { name: 'Propose a balance adjustment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('25.00');
  await dialog.getByLabel('Reason the merchant will read').fill('Courier lost parcel: goodwill credit');
  await shot(page, testInfo, 'adjustment-propose');
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await expect(said(page, 'Proposed: another admin must approve it')).toBeVisible();

  // Its own proposal: approve disabled, with why; and the server refuses it anyway.
  await page.getByRole('menuitem', { name: 'Balance adjustments' }).click();
  const mine = page.getByRole('row').filter({ hasText: 'Courier lost parcel' });
  await expect(mine.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(mine).toContainText('You proposed it: another admin must approve it.');
  await shot(page, testInfo, 'adjustment-own');
  const token = await consoleToken(page);
  const list = await api<{ list: { id: number; merchant_id: number }[] }>('/admin/adjustments', {
    token,
    query: { status: 'pending', merchant_id: m.merinfo.id },
  });
  const id = (list.data as { list: { id: number }[] }).list[0]!.id;
  const self = await api('/admin/adjustments/approve', {
    token,
    lang: 'en',
    body: { id },
    headers: { 'Idempotency-Key': `self-${Date.now()}` },
  });
  expect(self).toMatchObject({ code: 0, error: 'SELF_APPROVAL' });

  // The second admin, in a browser of its own, approves it: the journal posts.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signInConsole(page2, approver);
  await page2.getByRole('menuitem', { name: 'Balance adjustments' }).click();
  const row = page2.getByRole('row').filter({ hasText: 'Courier lost parcel' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(said(page2, 'Approved and posted: the balance is now $25.00')).toBeVisible();
  await shot(page2, testInfo, 'adjustment-approved');

  // The audit log shows it in words, found by its words, before and after.
  await page2.getByRole('menuitem', { name: 'Audit log' }).click();
  await page2.getByRole('combobox', { name: 'Action' }).fill('approved a balance');
  await page2
    .locator('.ant-select-item-option-content', { hasText: /^Approved a balance adjustment$/ })
    .click();
  await expect(page2).toHaveURL(/action=adjustment\.approve/);
  const entry = page2
    .getByRole('row')
    .filter({ hasText: approver.username })
    .filter({ hasText: 'Approved a balance adjustment' })
    .first();
  await entry.getByRole('button', { name: /expand/i }).click();
  await expect(page2.locator('ins').filter({ hasText: 'approved' }).first()).toBeVisible();
  await shot(page2, testInfo, 'audit-log');
  await other.close();

  // The merchant's funds records show the credit with its reason.
  await page.goto(`/console/merchants/${m.merinfo.id}?tab=funds`);
  await expect(page.getByText('Courier lost parcel: goodwill credit')).toBeVisible();
  await shot(page, testInfo, 'merchant-funds');
});

test('an admin writes the manual top-up instructions; the merchants search ignores case and accents', async ({
  page,
}, testInfo) => {
  const admin = await newOperator('admin');
  const tag = Date.now().toString(36);
  const m = await registerMerchant({ storeName: `Cửa Hàng Điện Thoại ${tag}` });
  await signInConsole(page, admin);

  await page.getByRole('menuitem', { name: 'Platform settings' }).click();
  const card = page.locator('.ant-card').filter({ hasText: 'Manual top-up' });
  await expect(card).toContainText('Manual top-ups stay closed until it is written and open.');
  const instructions = `Cash at the Dropdesk desk, 12 Lê Lợi (${tag}).\nKeep the receipt.`;
  await card.getByLabel('How to pay').fill(instructions);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(said(page, 'Saved')).toBeVisible();
  await shot(page, testInfo, 'settings-manual-top-up');
  const token = await consoleToken(page);
  const saved = await api<{ manual: { instructions: string; enabled: boolean } }>('/admin/topup_manual', {
    token,
  });
  expect(saved.data).toMatchObject({ manual: { instructions, enabled: true } });
  const merchantSees = await api<{ manual: { instructions: string } }>(
    '/merchant/merchant/getManualDeposit',
    {
      token: m.token,
    },
  );
  expect(merchantSees.data).toEqual({ manual: { instructions } });

  // The shop found without its accents, in capitals.
  await page.getByRole('menuitem', { name: 'Merchants', exact: true }).click();
  await page
    .getByRole('searchbox', { name: 'ID, phone, email or shop name' })
    .fill(`CUA HANG DIEN THOAI ${tag}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: m.storeName })).toBeVisible();
  await shot(page, testInfo, 'merchants-search-folded');
});
