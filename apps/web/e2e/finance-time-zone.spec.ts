import { bought, sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';
import { productToBuy } from './support/store';

/**
 * The finance report says its time zone in words, and follows the one chosen in personal info, in
 * vi and en with pictures.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

/** An amount in the platform's currency (USD by default) as the app writes it in `lang` (lib/money.ts). */
const usd = (page: Page, lang: Lang, value: number) =>
  page.evaluate(
    ([l, v]) =>
      new Intl.NumberFormat(l, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      }).format(v),
    [lang, value] as const,
  );

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(`${lang}`, () => {
    test('the report says its time zone in words, changed in personal info', async ({ page }, testInfo) => {
      // A top-up is no line of the chart (it draws sales, profit and what settled into
      // the wallet), so the shop sells one order for the legend to hold.
      const m = await sellingMerchant(op, '300');
      const item = await productToBuy(m.merinfo.id, lang);
      await bought(item.id);
      await signIn(page, m, '/finance', lang);
      const zone = page.getByTestId('time-zone');
      await expect(zone).toContainText('Ho Chi Minh');
      await expect(zone).toContainText('GMT+07:00');
      await expect(zone).not.toContainText('Asia/Ho_Chi_Minh');
      // The legend holds the figures, and no blank space is left under the chart.
      await expect(page.getByTestId('chart-legend')).toContainText(await usd(page, lang, Number(item.price)));
      const tall = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(tall).toBeLessThan(844 * 2);
      await shot(page, testInfo, `${lang}-9-finance`);

      await zone.getByRole('link', { name: msg(lang, 'finance.changeTimeZone') }).click();
      await expect(page).toHaveURL(/\/personalInfo$/);
      await page.getByRole('button', { name: msg(lang, 'personal.changeTimeZone') }).click();
      const sheet = page.getByRole('dialog', { name: msg(lang, 'personal.timeZone') });
      await sheet.getByRole('searchbox').fill('tokyo');
      await sheet.getByRole('button', { name: /Tokyo/ }).click();
      await expect(page.getByTestId('time-zone')).toContainText('Tokyo');
      await expect(page.getByTestId('time-zone')).toContainText('GMT+09:00');
      await shot(page, testInfo, `${lang}-9-personal-info-zone`);
      await page.goBack();
      await expect(page).toHaveURL(/\/finance$/);
      await expect(page.getByTestId('time-zone')).toContainText('Tokyo');
    });
  });
}
