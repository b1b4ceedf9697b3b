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
 * Whether the screen has settled, in the page: no sign that says "loading" is left — the empty root
 * or the boot mark of index.html (the app's code not yet run), a box marked `aria-busy`, a skeleton
 * or a spinner (antd-mobile's and antd's), a loading line in view (one below it, a long list's
 * "more on scroll", waits for the reader to scroll there: nobody waits for it) — and, with
 * `quietMs`, the DOM has not changed for that long (look.ts notes the changes). With `explain`, the
 * sign still there ('' for none) instead of a yes or no.
 *
 * Playwright sends it to the page as a function (a string would be `eval`, which the apps'
 * Content-Security-Policy refuses), so it uses nothing outside itself.
 */
export function calm({
  words,
  quietMs = null,
  explain = false,
  screenHeight = null,
}: {
  words: readonly string[];
  quietMs?: number | null;
  explain?: boolean;
  /** The phone's height, when the viewport is stretched to the page: "in view" means on it. */
  screenHeight?: number | null;
}): boolean | string {
  const sign = (() => {
    if (document.fonts.status !== 'loaded') return 'fonts';
    if (!document.querySelector('#root > *, body > main, body > div')) return 'empty root';
    if (document.querySelector('#root > .boot')) return 'boot mark';
    const busy = document.querySelector(
      '[aria-busy="true"], .adm-skeleton, .ant-skeleton-active, .ant-spin-spinning, .adm-spin-loading',
    );
    if (busy) return `busy: ${busy.tagName.toLowerCase()}#${busy.id}.${String(busy.className).split(' ')[0]}`;
    for (const el of document.querySelectorAll('[role="status"], .loading')) {
      const r = el.getBoundingClientRect();
      if (
        words.includes((el.textContent ?? '').trim()) &&
        (el as HTMLElement).offsetParent !== null &&
        r.top < Math.min(window.innerHeight, screenHeight ?? window.innerHeight) &&
        r.bottom > 0
      )
        return 'loading line';
    }
    if (quietMs !== null) {
      const w = window as unknown as { __lastChange?: number; __clock?: () => number };
      if (w.__clock && w.__lastChange !== undefined && w.__clock() - w.__lastChange < quietMs)
        return 'changing';
    }
    return '';
  })();
  return explain ? sign : sign === '';
}

/** The "loading" lines of the merchant app and the storefront, for `calm`. */
export const loadingWords: readonly string[] = LOADING;

/**
 * Waits until the screen shows what it loaded, as a person waits before reading it (or before a
 * picture or an audit): the page loaded and drawn, its fonts in, no busy sign left (`calm`); then, for
 * three seconds at most, its images in and no animation that ends (a sheet or toast entering)
 * still running (a notice that scrolls its text for ever is no reason to wait). In place of a
 * quiet network plus a fixed pause, which a busy machine outlasts and an idle one overpays.
 */
export async function screenSettled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(calm, { words: LOADING }, { polling: 'raf' });
  await animationsDone(page, { images: true });
}

/**
 * Waits, three seconds at most, until no animation that ends (a sheet or toast entering) is still
 * running and, with `images`, the page's eager images are in. A notice that scrolls its text for
 * ever, and a row's fade that follows the scroll, never end: no reason to wait.
 */
export async function animationsDone(page: Page, { images = false } = {}) {
  await page
    .waitForFunction(
      (withImages) =>
        !(withImages && [...document.images].some((img) => img.loading !== 'lazy' && !img.complete)) &&
        !document
          .getAnimations()
          .some(
            (a) =>
              a.playState === 'running' &&
              a.timeline instanceof DocumentTimeline &&
              a.effect?.getComputedTiming().endTime !== Infinity,
          ),
      images,
      { polling: 'raf', timeout: 3_000 },
    )
    .catch(() => {});
}
