import { documentPhoto, expectImagesLoaded } from '@dropdesk/test-kit/e2e/images';
import { api, ok, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * A merchant sees the ID photos it sent on /idInfo. They are private files, named
 * by links the server signs for the merchant's session (an `<img>` sends no token header): every
 * image must load, not merely exist, before and after the identity is submitted, and a link stops
 * working when the merchant signs out. In vi, en and th at 390 px.
 */
for (const lang of ['vi', 'en', 'th'] as const satisfies readonly Lang[]) {
  test(`/idInfo shows the merchant's own ID photos, loaded (${lang})`, async ({ page }, testInfo) => {
    const idPhotos = await Promise.all([
      documentPhoto('ID CARD · FRONT', 210),
      documentPhoto('ID CARD · BACK', 160),
      documentPhoto('HOLDING THE ID CARD', 30),
    ]);
    const m = await registerMerchant({}, { idPhotos: idPhotos as [Buffer, Buffer, Buffer] });
    await signIn(page, m, '/idInfo', lang);

    // Unverified: the registration's three photos fill the form.
    await expect(page.getByTestId('kyc-prefilled')).toBeVisible();
    await expectImagesLoaded(page.locator('form'), 3);
    await shot(page, testInfo, `idinfo-prefilled-${lang}`);

    // Submitted: the status card shows what was sent, loaded.
    await page.getByLabel(msg(lang, 'kyc.idNumber'), { exact: true }).fill('079123456789');
    await page.getByRole('button', { name: msg(lang, 'kyc.submit') }).click();
    await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
    const sent = page.getByTestId('kyc-sent');
    const links = await expectImagesLoaded(sent, 3);
    for (const key of ['kyc.front', 'kyc.back', 'kyc.hand'])
      await expect(sent.getByRole('img', { name: msg(lang, key), exact: true })).toBeVisible();
    // The picture once the "submitted" toast is gone.
    await expect(page.locator('.adm-toast-main')).toHaveCount(0);
    await shot(page, testInfo, `idinfo-sent-${lang}`);

    // Each link is good with no header at all (what an image sends), and ends with the session.
    for (const link of links) {
      expect(link).toMatch(/^\/uploads\/u_[\w-]{22}\?v=\d+&e=\d+&s=[\w-]{43}$/);
      expect((await page.request.get(link)).status()).toBe(200);
    }
    ok(await api('/merchant/merchant/logout', { token: m.token, body: {} }));
    for (const link of links) expect((await page.request.get(link)).status()).toBe(404);
  });
}
