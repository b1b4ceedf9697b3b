/**
 * The operator console, looked at: every screen at 1440 px in vi, en, th and zh-CN, signed in as
 * the demo admin (who sees every screen), loaded and failing (support/screens.ts, support/look.ts).
 */
import { readFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';
import { CONSOLE_SCREENS, type Screen, type State } from './support/screens';
import { lookAtEveryScreen } from './support/suite';
import { contextOptions, DESKTOP, history, pageOf, type VisualLang } from './support/world';

async function open(browser: Browser, screen: Screen, lang: VisualLang, state: State) {
  const h = history();
  const context = await browser.newContext(contextOptions(lang, true));
  const session =
    screen.who === 'visitor'
      ? null
      : JSON.stringify({
          token: h.operator.token,
          operator: { id: h.operator.id, username: h.operator.username, role: h.operator.role },
          idleMinutes: 30,
          lastRequestAt: Date.parse(h.now),
        });
  await context.addInitScript(
    ([s, l]) => {
      localStorage.setItem('console-lang', l);
      if (s) localStorage.setItem('console-session', s);
    },
    [session, lang] as const,
  );
  const page = await pageOf(
    context,
    state === 'error' ? { failReads: /^\/admin\//, keep: /^\/admin\/me$/ } : {},
  );
  await page.goto(typeof screen.path === 'function' ? screen.path(h) : screen.path);
  return { context, page };
}

test('every screen of the console is looked at', () => {
  const source = readFileSync(new URL('../../admin/src/lib/paths.ts', import.meta.url), 'utf8');
  // Every path of the console's table, a pattern's `:id` standing for any id.
  const declared = [...source.matchAll(/^\s+(\w+): '(\/[^']*)'/gm)].map(([, , p]) => `/console${p}`);
  const looked = CONSOLE_SCREENS.map((s) => (typeof s.path === 'string' ? s.path : s.path(history())));
  const seen = (pattern: string) =>
    looked.some((p) =>
      new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`).test(p),
    );
  expect(declared.length).toBeGreaterThanOrEqual(15);
  expect(declared.filter((p) => !seen(p))).toEqual([]);
});

lookAtEveryScreen({
  app: 'console',
  screens: CONSOLE_SCREENS,
  open,
  viewport: DESKTOP,
  toasts: '.ant-message, .ant-notification',
});
