import { registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * Fix 1: the invitation link a merchant shares (/code, getMerInfo.invite_link) opens
 * registration with the code filled in and accepted. In vi and en, with a picture of each.
 */
for (const lang of ['vi', 'en'] satisfies Lang[]) {
  test(`${lang}: an invitation link opens registration with its code filled in`, async ({
    page,
  }, testInfo) => {
    const m = await registerMerchant();
    await signIn(page, m, '/code', lang);
    const shown = (await page.getByTestId('invite-link').textContent())?.trim() ?? '';
    const link = new URL(shown, page.url());
    expect(link.pathname).toBe('/register');
    expect(link.searchParams.get('code')).toBe(m.merinfo.invite_code);

    // A new visitor opens the link (on this server, whatever host the link names).
    await page.evaluate(() => localStorage.removeItem('session'));
    await page.goto(`${link.pathname}${link.search}`);
    const field = page.getByLabel(msg(lang, 'register.invite'));
    await expect(field).toHaveValue(m.merinfo.invite_code);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    const validFrom = msg(lang, 'register.inviteValidFrom')
      .replace(/\{\{owner\}\}.*$/, '')
      .trim();
    await expect(page.getByText(validFrom)).toBeVisible();

    await field.scrollIntoViewIfNeeded();
    const name = `${lang}-invite-link`;
    await testInfo.attach(name, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  });
}
