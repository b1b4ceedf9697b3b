import { foldText } from '@dropdesk/contract/fold';
import { axeViolations, settled } from '@dropdesk/test-kit/e2e/axe';
import { sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { baseURL, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';
import { buyAsGuest, buyerDetails, buyerPhone, productToBuy } from './support/store';

/**
 * Searches ignore case and accents (the contract's folding): registration's countries, the
 * catalogue and the order list, in vi, en and th at 390 px, with pictures.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
});

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message with its `{{name}}` placeholders filled. */
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

test.describe('search ignores case and accents', () => {
  for (const lang of LANGS) {
    test(`${lang}: registration's countries: "viet" finds Vietnam, and a name that matches none says so`, async ({
      page,
    }, testInfo) => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/register');
      await page.getByRole('button', { name: new RegExp(literal(msg(lang, 'register.country'))) }).click();
      const search = page.getByRole('searchbox', { name: msg(lang, 'register.countrySearch') });
      const sheet = page.getByRole('dialog', { name: msg(lang, 'register.country') });
      const vietnam = await page.evaluate(
        (l) => new Intl.DisplayNames([l], { type: 'region' }).of('VN') ?? '',
        lang,
      );
      for (const typed of ['viet', 'VIỆT', 'Việt']) {
        await search.fill(typed);
        await expect(sheet.getByRole('button', { name: vietnam })).toBeVisible();
      }
      await shot(page, testInfo, `${lang}-country-viet`);
      await search.fill('Narnia');
      await expect(page.getByTestId('country-none')).toHaveText(
        fill(msg(lang, 'register.countryNone'), { query: 'Narnia' }),
      );
      await shot(page, testInfo, `${lang}-country-none`);
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('vi: the catalogue and the order list find "Giấy nhớ" by "giay nho" and "GIẤY NHỚ"', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    await openTopUps(op);
    const m = await sellingMerchant(op, '1000');
    await signIn(page, m, '/distribution', 'vi');
    const search = page.getByRole('searchbox', { name: msg('vi', 'catalogue.searchProducts') });
    for (const typed of ['giay nho', 'GIẤY NHỚ']) {
      await search.fill(typed);
      await search.press('Enter');
      const cards = page.getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      for (const title of await cards.getByRole('link').allInnerTexts()) expect(title).toMatch(/^Giấy nhớ/);
    }
    await shot(page, testInfo, 'vi-distribution-giay-nho');

    // An order of a product the shop lists, bought in Vietnamese, found by its title without accents.
    const product = await productToBuy(m.merinfo.id, 'vi');
    const phone = await buyerPhone(browser, 'vi');
    await buyAsGuest(phone.page, 'vi', m, product, buyerDetails());
    await phone.context.close();
    const words = product.title.split(' - ')[0] as string;
    await page.goto(`/order?keyword=${encodeURIComponent(foldText(words).toUpperCase())}`);
    await expect(page.getByTestId('order')).toHaveCount(1);
    await expect(page.getByTestId('order')).toContainText(product.title);
    await shot(page, testInfo, 'vi-order-search-folded');
  });
});
