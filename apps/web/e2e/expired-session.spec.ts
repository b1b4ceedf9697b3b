import { api, ok, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, pageTitle, serverMsg, storeMsg } from './support/locales';
import { buyerPhone } from './support/store';

/**
 * A token that is sent and not valid answers 401, also where a guest is allowed,
 * and each app asks the person to sign in again. The storefront keeps the page usable as a guest's
 * (a buyer's session that expired used to read as "not found"); the merchant app logs out to /login
 * with the server's words. (The console's: apps/admin/e2e/sign-in.spec.ts, a revoked session.)
 */
for (const lang of ['vi', 'en', 'th'] as const satisfies readonly Lang[]) {
  test(`storefront: a dead session asks to sign in again, and the shop page works as a guest's (${lang})`, async ({
    browser,
  }, testInfo) => {
    const m = await registerMerchant();
    const phone = await buyerPhone(browser, lang);
    // A buyer signed in long ago: the token kept on the phone is no live session any more.
    await phone.page.addInitScript(
      ([l]) => {
        if (sessionStorage.getItem('e2e.seeded')) return;
        sessionStorage.setItem('e2e.seeded', '1');
        localStorage.setItem('sf.lang', l);
        localStorage.setItem('sf.token', 'expired-token-0000000000000000000000000000');
        localStorage.setItem('sf.email', 'buyer@example.test');
      },
      [lang] as const,
    );
    const shop = await phone.page.request.get(`/store/shop?shop=${m.merinfo.id}`, {
      headers: { token: 'expired-token-0000000000000000000000000000' },
    });
    expect(shop.status()).toBe(401);

    await phone.page.goto(`/s/${m.merinfo.id}`);
    await expect(phone.page.getByRole('heading', { level: 1, name: m.storeName })).toBeVisible();
    const notice = phone.page.getByTestId('session-ended');
    await expect(notice).toContainText(storeMsg(lang, 'session.ended'));
    // Signed out here too: the header offers to sign in, the shop to sign in to follow.
    await expect(
      phone.page.getByRole('link', { name: storeMsg(lang, 'nav.signIn'), exact: true }),
    ).toBeVisible();
    expect(await phone.page.evaluate(() => localStorage.getItem('sf.token'))).toBeNull();
    await shot(phone.page, testInfo, `storefront-session-ended-${lang}`);
    // Horizontal room at 390 px: nothing wider than the screen.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await phone.page.evaluate(() => window.innerWidth),
    );

    await notice.getByRole('link', { name: storeMsg(lang, 'session.signIn') }).click();
    await expect(phone.page).toHaveURL(new RegExp(`/s/login\\?next=%2F${m.merinfo.id}$`));
    await expect(notice).toHaveCount(0);
    await phone.page.goBack();
    await phone.page.getByRole('button', { name: storeMsg(lang, 'session.asGuest') }).click();
    await expect(notice).toHaveCount(0);
    await phone.context.close();
  });
}

test("merchant app: a session revoked while open is sent to /login with the server's words", async ({
  page,
}) => {
  const lang: Lang = 'en';
  const m = await registerMerchant();
  await signIn(page, m, '/my', lang);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.my'));
  // Signed out elsewhere (another device, a password change): this tab's token is dead.
  ok(await api('/merchant/merchant/logout', { token: m.token, body: {} }));
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(serverMsg(lang, 'UNAUTHORIZED'))).toBeVisible();
});
