import { api, ok, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * The security centre as a merchant meets it: registered on one device, signed in later on a
 * laptop (a new device: the history says so, and a notice tells it), the merchant sees both
 * sessions, this one marked, and signs the other out, which then can't call the API any more.
 * In vi, en and th at 390 px, a picture of each.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

for (const lang of LANGS) {
  test(`${lang}: both sessions are listed, the laptop's sign-in is new, and the other session signed out can't call any more`, async ({
    page,
  }, testInfo) => {
    const m = await registerMerchant();
    // The laptop: another browser, its own device id; the registration's session stays on the first.
    const laptop = await loginMerchantFrom(m.email, m.password);
    await signIn(page, { token: laptop }, '/security', lang);

    const sessions = page.getByRole('region', { name: msg(lang, 'security.sessions') });
    await expect(sessions.getByText(msg(lang, 'security.thisDevice'))).toBeVisible();
    await expect(sessions.getByText('Chrome 131 on Windows')).toBeVisible();
    const history = page.getByRole('region', { name: msg(lang, 'security.history') });
    await expect(history.getByText(msg(lang, 'security.event.signInNewDevice'))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, `${lang}-1-sessions`);

    // The registration's session (made by the tests' own client, whose user agent is "node"):
    // signed out from here, after the question.
    await sessions
      .getByRole('button', { name: msg(lang, 'security.signOutOf').replace('{{device}}', 'node') })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: msg(lang, 'security.signOut'), exact: true })
      .click();
    const toast = page.locator('.adm-toast-main');
    await expect(toast).toContainText(msg(lang, 'security.signedOut'));
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toast).toBeHidden();
    await expect(sessions.getByRole('button', { name: msg(lang, 'security.signOutOthers') })).toHaveCount(0);
    await expect(
      history.getByText(msg(lang, 'security.event.sessionSignedOut').replace('{{device}}', 'node')),
    ).toBeVisible();
    await shot(page, testInfo, `${lang}-2-signed-out`);
    const gone = await api('/merchant/merchant/getMerInfo', { token: m.token });
    expect(gone.code).toBe(401);
  });
}

/** A sign-in from the laptop: its browser's user agent and a device id of its own. */
async function loginMerchantFrom(account: string, password: string): Promise<string> {
  const res = await api<{ merinfo: { token: string } }>('/merchant/merchant/login', {
    body: { account, password },
    headers: { 'user-agent': LAPTOP, device: 'laptop0123456789abcdef' },
  });
  return ok(res).merinfo.token;
}
