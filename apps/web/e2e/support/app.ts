import { api, ok } from '@dropdesk/test-kit/e2e/server';
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

/**
 * Opens the app already logged in as `merchant` by writing the persisted session the app reads at
 * start-up (localStorage `session`, zustand persist v1), then goes to `path`. The session is written
 * once the app has started on /login, so the prerendered page's late start can't race the write.
 */
export async function signIn(page: Page, merchant: { token: string }, path = '/home', lang?: string) {
  const merinfo = ok(await api('/merchant/merchant/getMerInfo', { token: merchant.token }));
  await openLogin(page);
  await page.evaluate(
    ([token, info, l]) => {
      localStorage.setItem(
        'session',
        JSON.stringify({
          state: { token, merinfo: info, orderTotal: 0, handoffData: null },
          version: 1,
        }),
      );
      if (l) localStorage.setItem('lang', l);
    },
    [merchant.token, merinfo, lang ?? null] as const,
  );
  await page.goto(path);
}

/** What the app keeps in local storage under `session` (zustand persist), as far as the tests read it. */
export interface KeptSession {
  token?: string | null;
  handoffData?: string | null;
}

/**
 * The session the app keeps in this page's local storage. A read that a navigation under way cut
 * ("Execution context was destroyed": the login page is a page of its own, and cleans its address)
 * is not an answer: it is read again once the new page has loaded.
 */
export async function keptSession(page: Page): Promise<KeptSession> {
  for (;;) {
    try {
      return await page.evaluate(
        () => (JSON.parse(localStorage.getItem('session') ?? '{}') as { state?: KeptSession }).state ?? {},
      );
    } catch (e) {
      if (!String(e).includes('Execution context was destroyed')) throw e;
      await page.waitForLoadState();
    }
  }
}
