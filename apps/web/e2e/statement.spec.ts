import { readFileSync, writeFileSync } from 'node:fs';
import type { VerifiableStatement } from '@dropdesk/ledger-proof';
import { bought, pickedUp, sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { api, ok, operatorLogin, type TestMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';
import { productToBuy } from './support/store';

/**
 * A merchant's statement, as a merchant meets it: from the funds records, this month's statement
 * downloaded as JSON, then checked on the Verify page, which says it is verified; the same file with
 * one amount changed, which it says is not, and where; and the PDF of the same period. In vi, en and
 * th at 390 px, a picture of each step.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

/** A merchant with a top-up and an order picked up, signed into a checkpoint. */
async function merchantWithHistory(): Promise<TestMerchant> {
  const m = await sellingMerchant(op, '500');
  const product = await productToBuy(m.merinfo.id, 'en');
  const order = await bought(product.id);
  await pickedUp(m, order.id);
  // The test clock's route signs a checkpoint of what moved (as the hourly job does).
  const moved = ok(
    await api<{ jobs: { checkpoint: number | null } }>('/__test/clock', { body: { advance_ms: 0 } }),
  );
  expect(moved.jobs.checkpoint).toBeGreaterThanOrEqual(1);
  return m;
}

/** Opens the statement sheet, picks the file type and downloads it; answers the saved file's path. */
async function downloadStatement(
  page: Page,
  lang: Lang,
  type: 'PDF' | 'CSV' | 'JSON',
  picture?: () => Promise<void>,
) {
  await page
    .getByTestId('statement-actions')
    .getByRole('button', { name: msg(lang, 'statement.open') })
    .click();
  const sheet = page.getByRole('dialog', { name: msg(lang, 'statement.title') });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: type, exact: true }).click();
  await expect(sheet.getByRole('button', { name: type, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await picture?.();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sheet.getByRole('button', { name: msg(lang, 'statement.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^statement-\\d{4}-\\d{2}-01-\\d{4}-\\d{2}-\\d{2}\\.${type.toLowerCase()}$`),
  );
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  await expect(sheet).toBeHidden();
  // The app says where it went; the toast leaves before the next picture.
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toContainText(
    msg(lang, 'statement.saved').replace('{{name}}', download.suggestedFilename()),
  );
  await expect(toast).toBeHidden();
  return path;
}

for (const lang of LANGS) {
  test(`${lang}: a statement downloaded from the funds records verifies on the Verify page, and a changed one does not`, async ({
    page,
  }, testInfo) => {
    const m = await merchantWithHistory();
    await signIn(page, m, '/fundsRecords', lang);
    const json = await downloadStatement(page, lang, 'JSON', () =>
      shot(page, testInfo, `${lang}-1-statement-sheet`),
    );
    const statement = JSON.parse(readFileSync(json, 'utf8')) as VerifiableStatement;
    const wallet = statement.accounts.find((a) => a.account === `wallet:${m.merinfo.id}`);
    // The top-up and the order's cost.
    expect(wallet?.postings.map((p) => p.type)).toEqual(['recharge', 'order_pickup']);

    // Verified, on the device.
    await page
      .getByTestId('statement-actions')
      .getByRole('link', { name: msg(lang, 'routes.verify') })
      .click();
    await expect(page).toHaveURL(/\/verify$/);
    // Picking the file is the check: it runs at once, on the device.
    await page.getByLabel(msg(lang, 'ledger.statementFile')).setInputFiles(json);
    await expect(
      page.getByRole('heading', { name: msg(lang, 'ledger.verified'), exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, `${lang}-2-verified`);

    // The same file, its top-up made ten times bigger: not verified, and the entry is named.
    wallet!.postings[0]!.amount *= 10;
    const changed = testInfo.outputPath('changed.json');
    writeFileSync(changed, JSON.stringify(statement));
    await page.getByLabel(msg(lang, 'ledger.statementFile')).setInputFiles(changed);
    await expect(
      page.getByRole('heading', { name: msg(lang, 'ledger.notVerified'), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      msg(lang, 'ledger.problem.hash')
        .replace('{{account}}', `${msg(lang, 'ledger.account.wallet')} (wallet:${m.merinfo.id})`)
        .replace('{{seq}}', '1'),
    );
    await shot(page, testInfo, `${lang}-3-not-verified`);

    // The PDF of the same month, made on the server in the merchant's language.
    await page.goto('/fundsRecords');
    const pdf = await downloadStatement(page, lang, 'PDF');
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
}
