import { expect, type Page } from '@playwright/test';

/**
 * Waits until the login page works.
 *
 * /login is a page of its own (src/login): HTML prerendered per language, with its submit button
 * disabled, and a small script that enables it once the form, the captcha and the language dialog
 * have their handlers. An enabled button means the page is ready. (The script may first load the
 * page again in the language kept in local storage, when the `lang` cookie said another.)
 */
export async function appStarted(page: Page) {
  await expect(page.locator('#root form button[type="submit"]')).toBeEnabled();
}

/** Opens /login and waits for the app to have started there (see `appStarted`). */
export async function openLogin(page: Page, path = '/login') {
  await page.goto(path);
  await appStarted(page);
}
