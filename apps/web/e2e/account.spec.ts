import { LANGUAGE_NAMES } from '@dropdesk/contract/constants';
import { api, DEMO, newMerchantDetails, ok, PNG } from '@dropdesk/test-kit/e2e/server';
import { expect, type Page, test } from '@playwright/test';
import { appStarted, keptSession } from './support/app';
import { LANGS, type Lang, msg, pageTitle } from './support/locales';

/**
 * The account story of one new merchant, through the UI only, against the real server:
 * register → log in → set the payment password → change it → change the login password →
 * every language → log out.
 */

async function useLanguage(page: Page, lang: Lang) {
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  // The login page loads itself again in local storage's language: wait until it works.
  await appStarted(page);
}

/** Types the digits into a payment password field (one real input: a phone opens its number pad). */
async function typePasscode(page: Page, testId: string, digits: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await page.keyboard.type(digits);
  await expect(input).toHaveValue(digits);
}

async function tokenOf(page: Page): Promise<string | null> {
  return (await keptSession(page)).token ?? null;
}

async function logIn(page: Page, account: string, password: string) {
  await page.getByLabel('Phone or email').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('register, log in, payment password set and changed, login password changed, 7 languages, log out', async ({
  page,
}) => {
  const m = newMerchantDetails();
  await useLanguage(page, 'en');
  await expect(page).toHaveTitle(pageTitle('en', 'routes.login'));

  // ---- register: every field, five uploads with progress, the invitation code checked as typed
  await page.getByRole('link', { name: 'Open a shop' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle(pageTitle('en', 'routes.register'));
  // Submitting empty shows every field's error.
  await page.getByRole('button', { name: 'Create my shop' }).click();
  await expect(page.getByText('Please upload this photo').first()).toBeVisible();
  const image = { name: 'photo.png', mimeType: 'image/png', buffer: PNG };
  for (const label of [
    'Store logo',
    'ID card, front',
    'ID card, back',
    'Photo holding your ID',
    'Business licence',
  ])
    await page.getByLabel(label, { exact: true }).setInputFiles(image);
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(5);
  await page.getByLabel('Store name').fill(m.storeName);
  await page.getByLabel('Store address').fill(m.storeAddress);
  await page.getByRole('button', { name: /Country/ }).click();
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('Vietnam');
  await page.getByRole('button', { name: 'Vietnam' }).click();
  await page.getByLabel('Phone number').fill(m.phone);
  await page.getByLabel('Full legal name').fill(m.realName);
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Login password').fill(m.password);
  await page.getByLabel('Repeat the password').fill(`${m.password}x`);
  await page.getByLabel('Invitation code').fill('NOPE0000');
  await expect(page.getByText('This invitation code is not valid')).toBeVisible();
  await page.getByLabel('Invitation code').fill(DEMO.inviteCode.toLowerCase());
  await expect(page.getByText('Valid invitation code')).toBeVisible();
  await page.getByRole('button', { name: 'Create my shop' }).click();
  await expect(page.getByText('Passwords entered do not match')).toBeVisible();
  await page.getByLabel('Repeat the password').fill(m.password);
  await page.getByRole('button', { name: 'Create my shop' }).click();
  // The app opens at Home (the specification's landing screen); the shop is on My.
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'My', exact: true }).click();
  await expect(page.getByText(m.storeName)).toBeVisible();

  // ---- log out, then log in: a wrong password is refused with the server's message
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, m.email, 'wrong-password');
  // said in the form, above its button, not in a toast over it
  await expect(page.locator('form').getByRole('alert')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, m.email, m.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle(pageTitle('en', 'routes.home'));
  await page.goto('/my');

  // ---- set the payment password (6 digits on the number keyboard; the entries must match)
  await page.getByRole('link', { name: 'Set payment password' }).click();
  await expect(page).toHaveURL(/\/setPaypwd$/);
  await typePasscode(page, 'pay-new', '135790');
  await typePasscode(page, 'pay-confirm', '135791');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords entered do not match')).toBeVisible();
  await page.getByTestId('pay-confirm').click();
  await page.keyboard.press('Backspace');
  await page.keyboard.type('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  let token = await tokenOf(page);
  expect((await api('/merchant/merchant/verify_pay', { token, body: { pay_password: '135790' } })).code).toBe(
    1,
  );

  // ---- change it, proving it with the current one
  await page.goto('/my');
  await page.getByRole('link', { name: 'Change payment password' }).click();
  await expect(page).toHaveURL(/\/changePayPassword$/);
  await typePasscode(page, 'pay-old', '135790');
  await typePasscode(page, 'pay-new', '246802');
  await typePasscode(page, 'pay-confirm', '246802');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  expect((await api('/merchant/merchant/verify_pay', { token, body: { pay_password: '246802' } })).code).toBe(
    1,
  );

  // ---- change the login password: every session ends, log in with the new one
  const newPassword = 'N3w@Password2026';
  await page.goto('/my');
  await page.getByRole('link', { name: 'Change login password' }).click();
  await expect(page).toHaveURL(/\/changeLoginPassword$/);
  await page.getByLabel('Current password').fill(m.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await tokenOf(page)).toBeNull();
  expect((await api('/merchant/merchant/getMerInfo', { token })).code).toBe(401);
  await logIn(page, m.email, m.password);
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, m.email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/my');
  token = await tokenOf(page);

  // ---- every language from the My screen: texts, <html lang>, title, storage and the server
  let current: Lang = 'en';
  for (const lang of [...LANGS.filter((l) => l !== 'en'), 'en'] as Lang[]) {
    const saved = page.waitForRequest(
      (r) => r.url().includes('/merchant/merchant/set_language') && r.url().includes(`lang=${lang}`),
    );
    await page.getByRole('button', { name: new RegExp(msg(current, 'language.title')) }).click();
    await page
      .getByRole('dialog', { name: msg(current, 'language.choose') })
      .getByRole('button', { name: LANGUAGE_NAMES[lang] })
      .click();
    await saved;
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(pageTitle(lang, 'routes.my'));
    await expect(page.getByRole('button', { name: msg(lang, 'my.logout') })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
    current = lang;
  }
  const me = await api<{ lang: string }>('/merchant/merchant/getMerInfo', { token });
  expect(ok(me).lang).toBe('en');

  // ---- log out: back to /login, the session gone, account pages guarded
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await tokenOf(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('session'))).not.toContain(newPassword);
  expect((await api('/merchant/merchant/getMerInfo', { token })).code).toBe(401);
  await page.goto('/setting');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsetting$/);
  // The guard's message, shown by the login page (a page of its own) in its toast.
  await expect(page.getByRole('status')).toHaveText('Please log in first');
});
