import { operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { screenSettled } from '@dropdesk/test-kit/e2e/settled';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { openLogin, signIn } from './support/app';
import { type Lang, msg, serverMsg } from './support/locales';

/**
 * The account screens in vi and en, with pictures: a new login password equal to the old one is
 * refused at its field, and /my asks the server only for what exists, with a quiet console.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(`${lang}`, () => {
    test('a new login password equal to the old one is refused at its field', async ({ page }, testInfo) => {
      const m = await registerMerchant();
      await signIn(page, m, '/changeLoginPassword', lang);
      await page.getByLabel(msg(lang, 'password.old'), { exact: true }).fill(m.password);
      await page.getByLabel(msg(lang, 'password.new'), { exact: true }).fill(m.password);
      await page.getByLabel(msg(lang, 'password.confirm'), { exact: true }).fill(m.password);
      await page.getByRole('button', { name: msg(lang, 'common.save') }).click();
      await expect(page.getByLabel(msg(lang, 'password.new'), { exact: true })).toHaveAccessibleDescription(
        serverMsg(lang, 'PASSWORD_UNCHANGED'),
      );
      await expect(page).toHaveURL(/\/changeLoginPassword$/);
      await shot(page, testInfo, `${lang}-10-same-password`);
    });

    test('/my asks only for what exists, and the console stays quiet on load', async ({ page }, testInfo) => {
      const m = await registerMerchant();
      const failed: string[] = [];
      const orders: string[] = [];
      const consoleSaid: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/merchant/order')) orders.push(r.url());
      });
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      page.on('console', (c) => {
        if (c.type() === 'warning' || c.type() === 'error') consoleSaid.push(`${c.type()}: ${c.text()}`);
      });
      // A first visit: nothing cached, nothing stored.
      await openLogin(page);
      await signIn(page, m, '/my', lang);
      await expect(page.getByTestId('my-balance')).toBeVisible();
      await screenSettled(page);
      // The reload's one order call (the Order tab's badge), waited for.
      const badge = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/merchant/order'));
      await page.reload();
      await badge;
      await expect(page.getByTestId('my-balance')).toBeVisible();
      await screenSettled(page);
      // The one order call is the Order tab's badge: status 5, page 1, limit 10, once per load.
      expect(orders.length).toBeGreaterThan(0);
      for (const url of orders)
        expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
          status: '5',
          page: '1',
          limit: '10',
        });
      expect(failed).toEqual([]);
      expect(consoleSaid.filter((c) => c.includes('HydrateFallback'))).toEqual([]);
      expect(consoleSaid).toEqual([]);
      await shot(page, testInfo, `${lang}-10-my`);
    });
  });
}
