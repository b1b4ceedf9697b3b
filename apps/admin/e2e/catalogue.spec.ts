import { admin, ok, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { expect, test } from '@playwright/test';
import { newOperator, said, shot, signInConsole } from './support/console';

const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(',')).join('\n')}\n`);

test('a catalogue operator imports a CSV (its per-row report first) and edits a product', async ({
  page,
}, testInfo) => {
  const categories = ok(
    await admin<{ id: number; parent_id: number | null }[]>(
      await operatorLogin(),
      '/admin/catalogue/categories',
    ),
  );
  const category = String(categories.find((c) => c.parent_id !== null)!.id);
  const tag = Date.now().toString(36);
  const header = ['category', 'main_lang', 'cost', 'stock', 'hot', 'active', 'title_en', 'title_vi'];
  const good = [category, 'en', '12.50', '30', 'false', 'true', `Desk lamp ${tag}`, `Đèn bàn ${tag}`];

  const op = await newOperator('catalogue');
  await signInConsole(page, op);
  await expect(page.getByRole('menuitem', { name: 'Top-ups' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'CSV import' }).click();

  // A file with a bad row: checked first, nothing imported, each problem by row and column.
  const input = page.locator('input[type=file]');
  await input.setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: csv([header, good, [category, 'en', '0', '5', 'false', 'true', `Broken ${tag}`, '']]),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('nothing was imported');
  await expect(report.getByRole('row').filter({ hasText: 'cost' })).toContainText('2');
  await shot(page, testInfo, 'import-report');

  // Fixed, and imported for real.
  await input.setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: csv([header, good, [category, 'en', '3.20', '5', 'true', 'true', `Lamp shade ${tag}`, '']]),
  });
  await page.getByLabel('Only check (import nothing)').uncheck();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(report).toContainText('2 products imported.');
  await shot(page, testInfo, 'import-done');

  // Edit one: searched on the server, changed in the drawer through the contract's rules.
  await page.getByRole('menuitem', { name: 'Products' }).click();
  await page.getByRole('searchbox', { name: 'Search titles in any language' }).fill(`Desk lamp ${tag}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  const row = page.getByRole('row').filter({ hasText: `Desk lamp ${tag}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Edit product/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Cost').fill('0');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Cannot be zero')).toBeVisible();
  await drawer.getByLabel('Cost').fill('13.90');
  await drawer.getByLabel('Stock').fill('42');
  await drawer.getByLabel('Hot').click();
  await shot(page, testInfo, 'product-edit');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(said(page, 'Saved')).toBeVisible();
  await expect(row).toContainText('13.90');
  await expect(row).toContainText('42');
  await expect(row).toContainText('Hot');
  await shot(page, testInfo, 'products');
});
