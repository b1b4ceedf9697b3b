import { operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * The back arrow, in vi and en with a picture: on a screen opened directly (from another site, a
 * bookmark) it goes to My, not out of the app; on a screen reached inside the app it goes back.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(`${lang}`, () => {
    test('the back arrow of a screen opened directly goes to My, not out of the app', async ({
      page,
    }, testInfo) => {
      const m = await registerMerchant();
      await signIn(page, m, '/my', lang);
      // Came from elsewhere (another site, a bookmark): the history holds a page before the app.
      await page.goto('about:blank');
      await page.goto('/withdrawRecord');
      await expect(page.getByRole('heading', { name: msg(lang, 'routes.withdrawRecord') })).toBeVisible();
      await shot(page, testInfo, `${lang}-10-opened-directly`);
      await page.getByRole('button', { name: msg(lang, 'common.back') }).click();
      await expect(page).toHaveURL(/\/my$/);
      // Reached inside the app, back is back.
      await page.getByRole('link', { name: msg(lang, 'routes.fundsRecords') }).click();
      await expect(page).toHaveURL(/\/fundsRecords$/);
      await page.getByRole('button', { name: msg(lang, 'common.back') }).click();
      await expect(page).toHaveURL(/\/my$/);
    });
  });
}
