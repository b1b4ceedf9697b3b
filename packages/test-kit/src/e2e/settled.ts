import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** The "loading" line of the merchant app and the storefront, in every language they speak. */
const LOADING = ['web', 'storefront'].flatMap((app) => {
  const dir = new URL(`../../../../apps/${app}/src/locales/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { common?: { loading?: string } }).common
          ?.loading,
    )
    .filter((w): w is string => typeof w === 'string');
});

/**
 * Waits until the screen shows what it loaded, as a person waits before reading it (or before a
 * picture or an audit): the page loaded and drawn, its fonts in, no "loading" line or busy box
 * left; then, for three seconds at most, its images in and no animation that ends (a sheet or toast
 * entering) still running (a notice that scrolls its text for ever is no reason to wait). In place
 * of a quiet network plus a fixed pause, which a busy machine outlasts and an idle one overpays.
 */
export async function screenSettled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    (words) => {
      if (document.fonts.status !== 'loaded') return false;
      if (!document.querySelector('#root > *, body > main, body > div')) return false;
      if (document.querySelector('[aria-busy="true"], .adm-skeleton')) return false;
      // A loading line on the screen (one below it, a long list's "more on scroll", waits for the
      // reader to scroll there: nobody waits for it).
      for (const el of document.querySelectorAll('[role="status"], .loading')) {
        const r = el.getBoundingClientRect();
        if (
          words.includes((el.textContent ?? '').trim()) &&
          (el as HTMLElement).offsetParent !== null &&
          r.top < window.innerHeight &&
          r.bottom > 0
        )
          return false;
      }
      return true;
    },
    LOADING,
    { polling: 'raf' },
  );
  await page
    .waitForFunction(
      () =>
        ![...document.images].some((img) => img.loading !== 'lazy' && !img.complete) &&
        !document.getAnimations().some(
          (a) =>
            a.playState === 'running' &&
            // Scroll-driven ones (a row's fades) follow the scroll, not time: they never end.
            a.timeline instanceof DocumentTimeline &&
            a.effect?.getComputedTiming().endTime !== Infinity,
        ),
      undefined,
      { polling: 'raf', timeout: 3_000 },
    )
    .catch(() => {});
}
