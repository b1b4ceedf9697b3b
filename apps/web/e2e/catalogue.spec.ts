import { IMPORT_COLUMNS, SEARCH_COUNT_CAP } from '@dropdesk/contract/catalogue';
import { formatMoney, parseMoney } from '@dropdesk/contract/money';
import {
  admin,
  api,
  DEMO,
  ok,
  operatorLogin,
  registerMerchant,
  type TestMerchant,
} from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { balanceOf, openTopUps, setPayPassword, toppedUp } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { appStarted, keptSession, signIn } from './support/app';
import { type Lang, msg, pageTitle, serverMsg } from './support/locales';

/**
 * The catalogue through the UI against the real server: the seeded catalogue seen by the
 * demo merchant; search → select two → distribute → manage → off shelf → on shelf → remove; the
 * level upgrade with the payment password; a CSV import through the operator API, then the
 * imported product found by search. In vi and en, with a picture of each step.
 *
 * The stories that change a shop each register their own merchant (a fresh shop at the first
 * level, quota 50), so a run in one language never sees another's listings or level.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

/** The app's plural message for `count`, as i18next picks it. */
function plural(lang: Lang, key: string, count: number, vars: Record<string, string> = {}) {
  const form = new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';
  return fill(msg(lang, `${key}_${form}`), { count: String(count), ...vars });
}

/** An app message with its {{placeholders}} filled. */
function fill(text: string, vars: Record<string, string>) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const dialog = (page: Page) => page.getByRole('dialog');

interface Page1<T> {
  total: number;
  list: T[];
}
interface CatalogueItem {
  id: number;
  title: string;
  listed: boolean;
}
interface Counts {
  selling: number;
  warehouse: number;
  quota: { used: number; total: number };
}
interface LevelInfo {
  current: { level_id: number; name: string; quota: number };
  levels: { id: number; name: string; quota: number; price: string }[];
  next_level_id: number | null;
}

const countsOf = async (m: TestMerchant) =>
  ok(
    await api<Page1<unknown> & { counts: Counts }>('/merchant/product/manage', {
      token: m.token,
      query: { limit: 1 },
    }),
  ).counts;

/**
 * A word of the catalogue's titles in `lang` that finds at least two products, so the story can
 * select two from one search (the seed's titles differ in every language).
 */
async function keywordWithTwoHits(m: TestMerchant, lang: Lang): Promise<string> {
  const first = ok(
    await api<Page1<CatalogueItem>>('/merchant/product/product', {
      token: m.token,
      lang,
      query: { limit: 100 },
    }),
  );
  const words = [
    ...new Set(first.list.flatMap((p) => p.title.split(/[\s,.;:()/-]+/)).filter((w) => w.length >= 4)),
  ];
  for (const word of words.slice(0, 40)) {
    const found = ok(
      await api<Page1<CatalogueItem>>('/merchant/product/product', {
        token: m.token,
        lang,
        query: { keyword: word, limit: 2 },
      }),
    );
    if (found.total >= 2) return word;
  }
  throw new Error(`no word of the ${lang} titles finds two products`);
}

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  // Manual top-ups need the receiving bank account (the level story tops up).
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(lang, () => {
    test('the demo merchant logs in and sees the seeded catalogue: 10 categories, hundreds of products', async ({
      page,
    }, testInfo) => {
      await page.goto('/login');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      // /login is prerendered: type into the app's inputs, not the ones it is about to replace.
      await appStarted(page);
      await page.getByLabel(msg(lang, 'login.account')).fill(DEMO.merchant.account);
      await page.getByLabel(msg(lang, 'login.password'), { exact: true }).fill(DEMO.merchant.password);
      await page.getByRole('button', { name: msg(lang, 'login.submit') }).click();
      const tabs = page.getByRole('navigation', { name: msg(lang, 'tabs.label') });
      await tabs.getByRole('link', { name: msg(lang, 'tabs.product') }).click();
      await expect(page).toHaveURL(/\/product$/);
      await expect(page).toHaveTitle(pageTitle(lang, 'routes.product'));
      await expect(page.getByTestId('count-quota')).toContainText('/');
      await page.getByRole('link', { name: msg(lang, 'routes.distribution') }).click();
      await expect(page).toHaveURL(/\/distribution$/);
      await expect(page).toHaveTitle(pageTitle(lang, 'routes.distribution'));

      // All, Hot and the 10 top categories.
      const categories = page.getByRole('group', { name: msg(lang, 'catalogue.category') });
      await expect(categories.getByRole('button')).toHaveCount(12);
      await expect(page.getByTestId('product-card')).toHaveCount(20);
      const token = (await keptSession(page)).token as string;
      // The merchant's search counts up to SEARCH_COUNT_CAP and says so; the operator's list
      // counts every product.
      const all = ok(
        await api<Page1<CatalogueItem> & { total_capped: boolean }>('/merchant/product/product', {
          token,
          query: { limit: 1 },
        }),
      );
      expect(all).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
      const catalogue = ok(
        await admin<Page1<unknown>>(op, '/admin/catalogue/products', {
          query: { active: 'active', limit: 1 },
        }),
      );
      expect(catalogue.total).toBeGreaterThanOrEqual(500);
      await shot(page, testInfo, `${lang}-demo-distribution`);

      // The next page loads at the end of the list.
      await page.getByTestId('product-card').last().scrollIntoViewIfNeeded();
      await expect(page.getByTestId('product-card')).toHaveCount(40);
    });

    test('search → select two → distribute → manage → off shelf → on shelf → remove', async ({
      page,
    }, testInfo) => {
      const m = await registerMerchant();
      const keyword = await keywordWithTwoHits(m, lang);
      await signIn(page, m, '/product', lang);
      await expect(page).toHaveTitle(pageTitle(lang, 'routes.product'));
      // A new shop: nothing listed, the first level's quota of 50.
      await expect(page.getByTestId('count-quota')).toHaveText(`0/50${msg(lang, 'catalogue.quota')}`);
      await shot(page, testInfo, `${lang}-product-empty`);

      // ---- the distribution centre: search, select two, distribute
      await page.getByRole('link', { name: msg(lang, 'routes.distribution') }).click();
      await expect(page).toHaveURL(/\/distribution$/);
      const search = page.getByRole('searchbox', { name: msg(lang, 'catalogue.searchProducts') });
      await search.fill(keyword);
      await search.press('Enter');
      await expect(page).toHaveURL(/[?&]q=/);
      const cards = page.getByTestId('product-card');
      await expect(cards.nth(1)).toBeVisible();
      const picked = [cards.nth(0), cards.nth(1)] as const;
      const titles = await Promise.all(picked.map((c) => c.getByRole('link').innerText()));
      for (const title of titles) expect(title.toLowerCase()).toContain(keyword.toLowerCase());

      // Nothing selected: the server's words, and nothing sent.
      await page.getByRole('button', { name: msg(lang, 'catalogue.distributeSelected') }).click();
      await expect(page.getByTestId('announcer')).toHaveText(serverMsg(lang, 'SELECT_PRODUCT'));

      for (const card of picked) await card.getByRole('checkbox').check();
      await expect(page.getByText(plural(lang, 'catalogue.selected', 2), { exact: true })).toBeVisible();
      await shot(page, testInfo, `${lang}-distribution-selected`);
      await page.getByRole('button', { name: msg(lang, 'catalogue.distributeSelected') }).click();
      await expect(dialog(page)).toContainText(plural(lang, 'catalogue.result.added', 2));
      await expect(dialog(page)).toContainText(
        fill(msg(lang, 'catalogue.quotaUsed'), { used: '2', total: '50' }),
      );
      await shot(page, testInfo, `${lang}-distribution-result`);
      await dialog(page)
        .getByRole('button', { name: msg(lang, 'catalogue.ok') })
        .click();
      for (const card of picked) await expect(card.getByTestId('listed')).toBeVisible();
      await expect(picked[0].getByRole('checkbox')).toBeDisabled();
      expect(await countsOf(m)).toEqual({ selling: 2, warehouse: 0, quota: { used: 2, total: 50 } });

      // ---- product management
      await page.goBack();
      await expect(page).toHaveURL(/\/product$/);
      await expect(page.getByTestId('count-selling')).toHaveText(`2${msg(lang, 'catalogue.status.selling')}`);
      await page.getByRole('link', { name: msg(lang, 'routes.goods') }).click();
      await expect(page).toHaveURL(/\/goods$/);
      const rows = page.getByTestId('listing');
      await expect(rows).toHaveCount(2);
      const listed = await Promise.all([0, 1].map((i) => rows.nth(i).getByRole('link').innerText()));
      expect(listed.sort()).toEqual([...titles].sort());
      for (const i of [0, 1])
        await expect(rows.nth(i).getByTestId('status')).toHaveText(msg(lang, 'catalogue.status.selling'));
      await expect(page.getByTestId('quota')).toContainText(
        fill(msg(lang, 'catalogue.quotaUsed'), { used: '2', total: '50' }),
      );
      await shot(page, testInfo, `${lang}-goods`);

      // Off shelf, asked first.
      const first = rows.filter({ hasText: titles[0] });
      await first.getByRole('button', { name: msg(lang, 'catalogue.offShelf') }).click();
      await expect(dialog(page)).toContainText(titles[0] as string);
      await shot(page, testInfo, `${lang}-goods-off-shelf-question`);
      await dialog(page)
        .getByRole('button', { name: msg(lang, 'catalogue.offShelf') })
        .click();
      await expect(first.getByTestId('status')).toHaveText(msg(lang, 'catalogue.status.warehouse'));
      expect((await countsOf(m)).warehouse).toBe(1);

      // In the warehouse filter, then back on shelf.
      await page
        .getByRole('button', { name: fill(msg(lang, 'catalogue.filter.warehouseCount'), { n: '1' }) })
        .click();
      await expect(rows).toHaveCount(1);
      await shot(page, testInfo, `${lang}-goods-warehouse`);
      await rows
        .first()
        .getByRole('button', { name: msg(lang, 'catalogue.onShelf') })
        .click();
      await dialog(page)
        .getByRole('button', { name: msg(lang, 'catalogue.onShelf') })
        .click();
      await expect(page.getByText(msg(lang, 'catalogue.noWarehouse'))).toBeVisible();
      expect(await countsOf(m)).toEqual({ selling: 2, warehouse: 0, quota: { used: 2, total: 50 } });

      // Remove both: select all, the batch action, asked first.
      await page.getByRole('button', { name: msg(lang, 'catalogue.filter.all'), exact: true }).click();
      await expect(rows).toHaveCount(2);
      const batch = page.getByTestId('batch-bar');
      await batch.getByLabel(msg(lang, 'catalogue.selectAll')).check();
      await expect(batch).toContainText(plural(lang, 'catalogue.selected', 2));
      await batch.getByRole('button', { name: msg(lang, 'catalogue.remove') }).click();
      await expect(dialog(page)).toContainText(plural(lang, 'catalogue.ask.remove', 2));
      await dialog(page)
        .getByRole('button', { name: msg(lang, 'catalogue.remove') })
        .click();
      await expect(page.getByText(msg(lang, 'catalogue.noListings'))).toBeVisible();
      await shot(page, testInfo, `${lang}-goods-empty`);
      expect(await countsOf(m)).toEqual({ selling: 0, warehouse: 0, quota: { used: 0, total: 50 } });
    });

    test('level upgrade: not enough balance, then a wrong and a right payment password', async ({
      page,
    }, testInfo) => {
      const m = await registerMerchant();
      await setPayPassword(m);
      const info = ok(await api<LevelInfo>('/merchant/index/level', { token: m.token }));
      const next = info.levels.find((l) => l.id === info.next_level_id);
      if (!next) throw new Error('a new shop should have a level to buy');
      const price = parseMoney(next.price) ?? 0;
      expect(price).toBeGreaterThan(0);

      await signIn(page, m, '/level', lang);
      await expect(page).toHaveTitle(pageTitle(lang, 'routes.level'));
      await expect(page.getByTestId('current-level')).toContainText(info.current.name);
      await expect(page.getByTestId('level-row')).toHaveCount(info.levels.length);
      await expect(page.getByTestId('level-row').first()).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('next-level')).toContainText(
        fill(msg(lang, 'level.upgradeTo'), { level: next.name }),
      );
      await shot(page, testInfo, `${lang}-level`);

      // No money yet: the server's refusal above the button, with the way to top up.
      await page.getByRole('button', { name: msg(lang, 'level.upgrade'), exact: true }).click();
      const sheet = page.getByRole('dialog', {
        name: fill(msg(lang, 'level.upgradeTo'), { level: next.name }),
      });
      const pay = sheet.getByTestId('level-pay-password');
      await pay.fill('123456');
      await sheet.getByRole('button', { name: msg(lang, 'level.payAndUpgrade') }).click();
      await expect(sheet.getByText(serverMsg(lang, 'INSUFFICIENT_BALANCE'))).toBeVisible();
      await expect(sheet.getByRole('link', { name: msg(lang, 'level.topUp') })).toHaveAttribute(
        'href',
        '/recharge',
      );
      await shot(page, testInfo, `${lang}-level-insufficient`);

      // An operator approves a top-up meanwhile; a wrong password is refused at its field.
      const topUp = Math.max(price, 10_000);
      await toppedUp(m, op, formatMoney(topUp));
      await pay.fill('111111');
      await sheet.getByRole('button', { name: msg(lang, 'level.payAndUpgrade') }).click();
      await expect(pay).toHaveAttribute('aria-invalid', 'true');
      await expect(pay).toHaveValue('');
      expect(await balanceOf(m)).toBe(formatMoney(topUp));

      await pay.fill('123456');
      await sheet.getByRole('button', { name: msg(lang, 'level.payAndUpgrade') }).click();
      await expect(page.getByTestId('announcer')).toHaveText(
        fill(msg(lang, 'level.upgraded'), { level: next.name }),
      );
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId('current-level')).toContainText(next.name);
      await shot(page, testInfo, `${lang}-level-upgraded`);
      expect(await balanceOf(m)).toBe(formatMoney(topUp - price));

      // The bigger quota applies at once.
      await page.goto('/product');
      await expect(page.getByTestId('count-quota')).toHaveText(
        `0/${next.quota}${msg(lang, 'catalogue.quota')}`,
      );
    });
  });
}

test('CSV import through the operator API: a bad row is named, then the product is found by search', async ({
  page,
}, testInfo) => {
  const categories = ok(
    await admin<{ id: number; parent_id: number | null }[]>(op, '/admin/catalogue/categories'),
  );
  const category = categories.find((c) => c.parent_id === null);
  if (!category) throw new Error('the demo seed has categories');
  // A word no seeded title holds, so the search finds this product only.
  const word = `Quokka${Date.now().toString(36)}`;
  const header = [
    'category',
    'main_lang',
    'cost',
    'stock',
    'hot',
    'active',
    'title_en',
    'title_vi',
    'description_en',
  ];
  for (const column of header) expect(IMPORT_COLUMNS).toContain(column);
  const row = (cost: string) => [
    String(category.id),
    'en',
    cost,
    '40',
    '0',
    '1',
    `${word} travel mug`,
    `Cốc du lịch ${word}`,
    'Keeps tea hot for 6 hours, "leak-proof", 450 ml',
  ];
  const file = (rows: string[][]) => {
    const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\n');
    const form = new FormData();
    form.set('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
    return form;
  };
  type Imported = { imported: number; rows: number; problems: { row: number; field: string }[] };

  // A bad cost in the second row: nothing is imported, and the row and column are named.
  const refused = ok(
    await admin<Imported>(op, '/admin/catalogue/products/import', {
      body: file([row('12.50'), row('twelve')]),
    }),
  );
  expect(refused.imported).toBe(0);
  expect(refused.problems).toEqual([expect.objectContaining({ row: 2, field: 'cost' })]);

  const imported = ok(
    await admin<Imported>(op, '/admin/catalogue/products/import', { body: file([row('12.50')]) }),
  );
  expect(imported).toMatchObject({ imported: 1, rows: 1, problems: [] });

  const m = await registerMerchant();
  for (const lang of LANGS) {
    await signIn(page, m, '/distribution', lang);
    const search = page.getByRole('searchbox', { name: msg(lang, 'catalogue.searchProducts') });
    await search.fill(word);
    await search.press('Enter');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(lang === 'vi' ? `Cốc du lịch ${word}` : `${word} travel mug`);
    await shot(page, testInfo, `${lang}-imported-found`);
  }
});
