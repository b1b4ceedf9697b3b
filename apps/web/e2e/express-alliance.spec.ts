import { sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { admin, baseURL, ok, operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { balanceOf, openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { fmt, type Lang, msg, pageTitle, storeMsg } from './support/locales';
import { amountText, buyerPhone, shelfOf } from './support/store';

/**
 * The shop express lane and the alliance. A merchant with a payment password and a
 * balance buys a package featuring one product on /storeExpress; /buyTrainBill lists it active, and
 * the storefront shows that product first, marked Recommended. A merchant's /alliance shows its
 * invitation code and link; another merchant registers with the code and appears there, masked.
 */

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

test('an express-lane package bought with the payment password features one product first in the storefront', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const lang: Lang = 'en';
  const m = await sellingMerchant(op, '500');
  // A package of this test's own (the operator's API): one product, 7 days.
  const stamp = Date.now().toString().slice(-6);
  const pkg = ok(
    await admin<{ id: number }>(op, '/admin/express/packages', {
      body: {
        main_lang: 'en',
        names: { en: `E2E spotlight ${stamp}`, vi: `Tiêu điểm E2E ${stamp}`, 'zh-CN': `E2E 焦点 ${stamp}` },
        price: '25.00',
        days: 7,
        product_count: 1,
        sort: 0,
      },
    }),
  );
  const pkgName = `E2E spotlight ${stamp}`;

  // The product to feature: the last of the storefront's first page (the newest come first), so
  // moving to the top is seen.
  const before = await shelfOf(m.merinfo.id, lang);
  expect(before.list.length).toBeGreaterThan(1);
  const chosen = before.list[before.list.length - 1] as (typeof before.list)[number];
  expect(before.list[0]?.id).not.toBe(chosen.id);

  await signIn(page, m, '/storeExpress', lang);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.storeExpress'));
  await expect(page.getByTestId('featured-now')).toHaveText(fmt(lang, 'express.featuredCount', { count: 0 }));
  const packages = page.getByRole('group', { name: msg(lang, 'express.choosePackage') });
  const option = packages.getByTestId('package').filter({ hasText: pkgName });
  await expect(option).toContainText(amountText(lang, '25.00'));
  await expect(option).toContainText(fmt(lang, 'express.days', { count: 7 }));
  await option.getByRole('radio').check();

  const picker = page.getByRole('group', { name: fmt(lang, 'express.chooseProducts', { count: 1 }) });
  await expect(picker.getByTestId('shelf-listing').first()).toBeVisible();
  await picker.getByRole('checkbox', { name: chosen.title }).check();
  await expect(page.getByTestId('chosen')).toHaveText(
    fmt(lang, 'express.chosen', { chosen: '1', total: '1' }),
  );
  // The package's count is reached: no other product can be chosen.
  await expect(picker.getByRole('checkbox', { disabled: false })).toHaveCount(1);
  await shot(page, testInfo, `storeExpress-chosen-${lang}`);
  await page.getByRole('button', { name: msg(lang, 'express.buy'), exact: true }).click();

  const sheet = page.getByRole('dialog', { name: fmt(lang, 'express.payTitle', { name: pkgName }) });
  await expect(sheet.getByTestId('pay-price')).toContainText(amountText(lang, '25.00'));
  await sheet.getByTestId('express-pay-password').click();
  await page.keyboard.type('123456');
  await shot(page, testInfo, `storeExpress-pay-${lang}`);
  await sheet.getByRole('button', { name: msg(lang, 'express.pay') }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('featured-now')).toHaveText(fmt(lang, 'express.featuredCount', { count: 1 }));
  expect(await balanceOf(m)).toBe('475.00');

  // The purchase records: active, with the product.
  await page.getByRole('link', { name: msg(lang, 'routes.buyTrainBill') }).click();
  await expect(page).toHaveURL(/\/buyTrainBill$/);
  const record = page.getByTestId('purchase').filter({ hasText: pkgName });
  await expect(record).toContainText(msg(lang, 'express.state.active'));
  await expect(record).toContainText(amountText(lang, '25.00'));
  await expect(record.getByRole('list', { name: msg(lang, 'express.products') })).toContainText(chosen.title);
  await page.getByRole('button', { name: msg(lang, 'express.state.active'), exact: true }).click();
  await expect(page.getByTestId('purchase')).toHaveCount(1);
  await page.getByRole('button', { name: msg(lang, 'express.state.expired'), exact: true }).click();
  await expect(page.getByText(msg(lang, 'express.noRecords'))).toBeVisible();
  await page.getByRole('button', { name: msg(lang, 'express.state.all'), exact: true }).click();
  await expect(record).toBeVisible();
  await shot(page, testInfo, `buyTrainBill-${lang}`);
  expect(pkg.id).toBeGreaterThan(0);

  // The storefront: that product first, marked Recommended; the next one not.
  const phone = await buyerPhone(browser, lang);
  await phone.page.goto(`/s/${m.merinfo.id}`);
  const items = phone.page.locator('a.item');
  await expect(items.first()).toContainText(chosen.title);
  await expect(items.first().locator('.badge')).toHaveText(storeMsg(lang, 'shop.recommended'));
  await expect(items.nth(1).locator('.badge')).toHaveCount(0);
  await shot(phone.page, testInfo, `storefront-recommended-${lang}`);
  await phone.context.close();
});

test('the alliance: the code and link, then a merchant registered with the code listed masked', async ({
  page,
}, testInfo) => {
  const lang: Lang = 'zh-CN';
  const a = await registerMerchant();
  await signIn(page, a, '/my', lang);
  await page.getByRole('link', { name: new RegExp(`^${msg(lang, 'routes.alliance')}`) }).click();
  await expect(page).toHaveURL(/\/alliance$/);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.alliance'));
  const code = a.merinfo.invite_code;
  await expect(page.getByTestId('alliance-code')).toHaveText(code);
  await expect(page.getByTestId('alliance-link')).toHaveText(`${baseURL}/register?code=${code}`);
  await expect(page.getByRole('img', { name: msg(lang, 'alliance.qrLabel') })).toBeVisible();
  await expect(page.getByTestId('alliance-members')).toHaveText('0');
  await expect(page.getByText(msg(lang, 'alliance.noMembers'))).toBeVisible();

  // Another merchant registers with A's invitation code.
  await registerMerchant({ inviteCode: code, realName: 'Trần Thị Bích' });
  await page.getByRole('button', { name: msg(lang, 'common.refresh') }).click();
  await expect(page.getByTestId('alliance-members')).toHaveText('1');
  const member = page.getByTestId('member');
  await expect(member).toHaveCount(1);
  await expect(member).toContainText('T***h');
  await expect(member).not.toContainText('Bích');
  await expect(member).toContainText(fmt(lang, 'alliance.orders', { count: 0 }));
  await shot(page, testInfo, `alliance-member-${lang}`);
});
