/**
 * The merchant app, looked at: every route at 390 px in vi, en, th and zh-CN, loaded, empty and
 * failing (support/screens.ts), each checked for layout, axe and against its baseline picture
 * (support/look.ts).
 */
import { readFileSync } from 'node:fs';
import { api, ok } from '@dropdesk/test-kit/e2e/server';
import { type Browser, expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths';
import { MERCHANT_SCREENS, type Screen, type State } from './support/screens';
import { lookAtEveryScreen } from './support/suite';
import { contextOptions, history, PHONE, pageOf, type VisualLang } from './support/world';

/** The persisted session the app reads at start (localStorage `session`, zustand persist v1). */
async function sessionOf(token: string) {
  const merinfo = ok(await api('/merchant/merchant/getMerInfo', { token }));
  return JSON.stringify({ state: { token, merinfo, orderTotal: 0, handoffData: null }, version: 1 });
}
const sessions = new Map<string, Promise<string>>();
const session = (token: string) => {
  if (!sessions.has(token)) sessions.set(token, sessionOf(token));
  return sessions.get(token) as Promise<string>;
};

async function open(browser: Browser, screen: Screen, lang: VisualLang, state: State) {
  const h = history();
  const who = state === 'empty' ? 'empty' : screen.who;
  const context = await browser.newContext(contextOptions(lang));
  await context.addCookies([{ name: 'lang', value: lang, url: contextOptions(lang).baseURL as string }]);
  const stored = who === 'visitor' ? null : await session(h[who].token);
  await context.addInitScript(
    ([s, l]) => {
      if (s) localStorage.setItem('session', s);
      else localStorage.removeItem('session');
      localStorage.setItem('lang', l);
    },
    [stored, lang] as const,
  );
  const page = await pageOf(
    context,
    state === 'error'
      ? { failReads: /^\/merchant\//, keep: /^\/merchant\/(merchant\/getMerInfo|common\/)/ }
      : {},
  );
  const path = typeof screen.path === 'function' ? screen.path(h) : screen.path;
  await page.goto(path);
  return { context, page };
}

test('every route of the app is looked at', () => {
  const router = ['router.tsx', 'more-screens.tsx']
    .map((file) => readFileSync(new URL(`../src/app/${file}`, import.meta.url), 'utf8'))
    .join('\n');
  const routed = [...router.matchAll(/screen\(\s*paths\.(\w+)/g)].map(
    ([, name]) => paths[name as keyof typeof paths],
  );
  expect(routed.length).toBeGreaterThanOrEqual(40);
  const looked = new Set(
    MERCHANT_SCREENS.map((s) => (typeof s.path === 'string' ? s.path : s.path(history())).split('?')[0]),
  );
  expect(routed.filter((p) => !looked.has(p))).toEqual([]);
});

lookAtEveryScreen({
  app: 'merchant',
  screens: MERCHANT_SCREENS,
  open,
  viewport: PHONE,
  toasts: '.adm-toast-mask',
});
