import { api, ok, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { type Browser, type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { LANGS, type Lang, storeMsg } from './support/locales';
import { buyerPhone, buyerSignsIn, shelfOf } from './support/store';

/**
 * What a buyer meets first in the storefront: a shop in its own language (its merchant's),
 * whatever the browser's, until the buyer picks one, which then stays on every shop; and a header
 * that keeps to one line at 390 px in every language, signed in or not.
 */
test.describe('storefront: language and header', () => {
  let vietnamese: number;
  let thai: number;

  /** A new merchant whose shop has the hot products on shelf, in `lang` (the merchant app's language). */
  async function shopIn(lang: Lang): Promise<number> {
    const m = await registerMerchant();
    ok(await api('/merchant/product/addAllHot', { token: m.token, body: {} }));
    ok(await api('/merchant/merchant/set_language', { token: m.token, query: { lang } }));
    return m.merinfo.id;
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    vietnamese = await shopIn('vi');
    thai = await shopIn('th');
  });

  /** The first product card's title, as the storefront shows the shop's shelf in `lang`. */
  async function firstTitle(shop: number, lang: Lang): Promise<string> {
    const first = (await shelfOf(shop, lang)).list[0];
    if (!first) throw new Error(`shop ${shop} has nothing on shelf`);
    return first.title;
  }

  test("an English browser sees each shop in the shop's language until the buyer picks one, which then stays", async ({
    browser,
  }, testInfo) => {
    const phone = await buyerPhone(browser, 'en', { chosen: false });
    const { page } = phone;
    const html = page.locator('html');
    const nav = page.getByRole('navigation');

    await page.goto(`/s/${vietnamese}`);
    await expect(html).toHaveAttribute('lang', 'vi');
    await expect(nav.getByRole('link', { name: storeMsg('vi', 'nav.orders') })).toBeVisible();
    // The products' titles are in the shop's language too.
    await expect(page.locator('a.item').first()).toContainText(await firstTitle(vietnamese, 'vi'));
    await shot(page, testInfo, 'shop-in-its-language-vi');

    // A product opened from a link: its shop's language.
    const product = (await shelfOf(thai, 'th')).list[0]!;
    await page.goto(`/s/p/${product.id}`);
    await expect(html).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.goto(`/s/${thai}`);
    await expect(html).toHaveAttribute('lang', 'th');
    await shot(page, testInfo, 'shop-in-its-language-th');

    // The buyer picks English: every shop then shows in English, after a reload too.
    await page.getByRole('combobox', { name: storeMsg('th', 'nav.language') }).selectOption('en');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.locator('a.item').first()).toContainText(await firstTitle(thai, 'en'));
    await page.goto(`/s/${vietnamese}`);
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(nav.getByRole('link', { name: storeMsg('en', 'nav.orders') })).toBeVisible();
    await expect(page.locator('a.item').first()).toContainText(await firstTitle(vietnamese, 'en'));
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en');
    await phone.context.close();
  });

  /** Whether the header's items sit on one line and nothing spills sideways. */
  async function headerFits(page: Page) {
    return page.evaluate(() => {
      const header = document.querySelector('header.top') as HTMLElement;
      const items = [...header.querySelectorAll<HTMLElement>('nav > *, .lang')];
      const middles = items.map((e) => {
        const r = e.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      });
      return {
        items: items.length,
        oneLine: Math.max(...middles) - Math.min(...middles) <= 2,
        height: Math.round(header.getBoundingClientRect().height),
        overflow: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
  }

  /** The shop's header in each of the 7 languages, for a guest or (with its storage) a signed-in buyer. */
  async function checkEveryLanguage(
    browser: Browser,
    testInfo: TestInfo,
    signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | null,
  ) {
    for (const lang of LANGS) {
      const phone = await buyerPhone(browser, 'en');
      if (signedIn) await phone.context.addCookies(signedIn.cookies);
      await phone.context.addInitScript(
        ([origins, chosen]) => {
          for (const origin of origins)
            for (const { name, value } of origin.localStorage) localStorage.setItem(name, value);
          localStorage.setItem('sf.lang', chosen);
        },
        [signedIn?.origins ?? [], lang] as const,
      );
      await phone.page.setViewportSize({ width: 390, height: 844 });
      await phone.page.goto(`/s/${vietnamese}`);
      const account = storeMsg(lang, signedIn ? 'nav.signOut' : 'nav.signIn');
      await expect(
        phone.page.getByRole('navigation').getByRole(signedIn ? 'button' : 'link', { name: account }),
      ).toBeVisible();
      expect(await headerFits(phone.page), `${lang}, ${signedIn ? 'signed in' : 'signed out'}`).toEqual({
        items: 4,
        oneLine: true,
        height: expect.any(Number),
        overflow: false,
      });
      expect((await headerFits(phone.page)).height).toBeLessThanOrEqual(60);
      if (lang === 'vi' || lang === 'th' || lang === 'en')
        await shot(phone.page, testInfo, `header-${signedIn ? 'signed-in' : 'signed-out'}-${lang}`);
      await phone.context.close();
    }
  }

  test('the header keeps to one line at 390 px in every language, signed in or not', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await checkEveryLanguage(browser, testInfo, null);
    // A buyer signs in once; their session is then opened in each language.
    const phone = await buyerPhone(browser, 'en');
    await phone.page.goto('/s/login');
    await buyerSignsIn(phone.page, 'en', `header-${Date.now()}@example.test`);
    await expect(phone.page.getByRole('button', { name: storeMsg('en', 'nav.signOut') })).toBeVisible();
    const state = await phone.context.storageState();
    await phone.context.close();
    await checkEveryLanguage(browser, testInfo, state);
  });
});
