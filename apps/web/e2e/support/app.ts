import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has started on /login.
 *
 * /login arrives prerendered (scripts/prerender.mjs): the form paints from the HTML, with its
 * submit button disabled, and the app's scripts start on the next frame and draw the same markup
 * over it. Until then a click reaches a button with no handler (the language sheet never opens),
 * text is the prerender's (in the language of the `lang` cookie, not of local storage), and what is
 * typed may land in an input React is about to replace. React's submit button is enabled, so an
 * enabled one means the app's own markup is on screen.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('#root form button[type="submit"]')).toBeEnabled();
}

/** Opens /login and waits for the app to have started there (see `appStarted`). */
export async function openLogin(page: Page, path = '/login') {
  await page.goto(path);
  await appStarted(page);
}
