/**
 * What every visual test starts from: the story (history.ts) read from the run's data folder, and
 * browser contexts that look at it without changing it.
 */
import { readFileSync } from 'node:fs';
import { baseURL } from '@dropdesk/test-kit/e2e/server';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { type History, historyFile } from './history';
import { awaitRetries, watchPage } from './look';

/** How long after a failed read its retry may still come: the apps wait a second, on a busy machine more. */
const RETRY_MS = 1_500;

let cached: History | null = null;
export function history(): History {
  cached ??= JSON.parse(readFileSync(historyFile(), 'utf8')) as History;
  return cached;
}

/** The four languages the pictures are taken in: three the issue names, and zh-CN for CJK. */
export const LANGS = ['vi', 'en', 'th', 'zh-CN'] as const;
export type VisualLang = (typeof LANGS)[number];

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

const BROWSER_LOCALE: Record<VisualLang, string> = {
  vi: 'vi-VN',
  en: 'en-US',
  th: 'th-TH',
  'zh-CN': 'zh-CN',
};

export function contextOptions(lang: VisualLang, desktop = false): BrowserContextOptions {
  return {
    baseURL,
    viewport: desktop ? DESKTOP : PHONE,
    deviceScaleFactor: 1,
    isMobile: !desktop,
    hasTouch: !desktop,
    locale: BROWSER_LOCALE[lang],
    timezoneId: 'Asia/Ho_Chi_Minh',
    reducedMotion: 'reduce',
  };
}

/** Calls that would change the story if a picture made them: answered here, never sent. */
const WRITES = ['/merchant/index/see_notice', '/store/visit'];
const WRITTEN = { code: 1, msg: 'OK', data: { counted: false, updated: 0 } };
const FAILED = { code: 500, msg: 'Internal Server Error', error: 'INTERNAL' };

type Answer = { status: number; json: unknown } | null;
/** A DevTools `Fetch.RequestPattern`: a URL with `*` wildcards, of one kind of request or any. */
type Pattern = { urlPattern: string; resourceType?: 'Fetch' | 'XHR' };

/**
 * Answers the page's requests that match `patterns` (DevTools `Fetch` patterns) with `decide`'s
 * answer, or lets them through when it has none. Through the DevTools protocol rather than
 * `page.route`: a route makes Playwright pause every request of the page (the app's scripts,
 * styles, fonts and images too) for a round trip through the test's process, and turn the
 * browser's cache off; these patterns pause only the calls a look answers itself. On the 89
 * screens in one language, six workers, that was 5% of the run's CPU (docs/testing.md).
 */
async function answer(
  context: BrowserContext,
  page: Page,
  patterns: Pattern[],
  decide: (url: URL, method: string) => Answer,
) {
  const cdp = await context.newCDPSession(page);
  cdp.on('Fetch.requestPaused', (paused) => {
    const { requestId, request } = paused;
    const reply = decide(new URL(request.url), request.method);
    // The page may close while a call is paused: nothing is left to answer then.
    const sent = reply
      ? cdp.send('Fetch.fulfillRequest', {
          requestId,
          responseCode: reply.status,
          responseHeaders: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
          body: Buffer.from(JSON.stringify(reply.json)).toString('base64'),
        })
      : cdp.send('Fetch.continueRequest', { requestId });
    sent.catch(() => {});
  });
  await cdp.send('Fetch.enable', { patterns });
}

/**
 * A page whose clock stands at the story's NOW (what "today", "2 hours ago" and the dates say),
 * whose writes that a look would make are answered without reaching the server, and, with
 * `failReads`, whose API reads answer HTTP 500 (a screen's error state), but for `keep`.
 */
export async function pageOf(
  context: BrowserContext,
  options: { failReads?: RegExp; keep?: RegExp } = {},
): Promise<Page> {
  const page = await context.newPage();
  await watchPage(page);
  await page.clock.setFixedTime(new Date(history().now));
  const { failReads, keep } = options;
  const failed = new Map<string, { times: number; at: number }>();
  const patterns: Pattern[] = failReads
    ? // Every call the app makes (a read is a fetch); a write among them is let through or answered below.
      [
        { urlPattern: '*', resourceType: 'Fetch' },
        { urlPattern: '*', resourceType: 'XHR' },
      ]
    : [];
  await answer(
    context,
    page,
    [...patterns, ...WRITES.map((path) => ({ urlPattern: `*${path}*` }))],
    (url, method) => {
      if (WRITES.includes(url.pathname)) return { status: 200, json: WRITTEN };
      if (!failReads || method !== 'GET' || !failReads.test(url.pathname) || keep?.test(url.pathname))
        return null;
      failed.set(url.href, { times: (failed.get(url.href)?.times ?? 0) + 1, at: Date.now() });
      return { status: 500, json: FAILED };
    },
  );
  if (failReads)
    // A read that failed once is retried after a second (the apps' query clients; home's own
    // script alike): until it has failed twice, or RETRY_MS have passed, the screen is not final.
    awaitRetries(page, () => {
      const now = Date.now();
      let wait = 0;
      for (const { times, at } of failed.values()) if (times < 2) wait = Math.max(wait, at + RETRY_MS - now);
      return Math.max(0, wait);
    });
  return page;
}

export async function newContext(
  browser: Browser,
  lang: VisualLang,
  desktop = false,
): Promise<BrowserContext> {
  return browser.newContext(contextOptions(lang, desktop));
}
