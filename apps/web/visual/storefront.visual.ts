/**
 * The storefront, looked at: its pages at 390 px in vi, en, th and zh-CN, as a guest and as the
 * story's signed-in buyer, loaded and failing (support/screens.ts, support/look.ts).
 */
import type { Browser } from '@playwright/test';
import { STORE_SCREENS, type State, type StoreScreen } from './support/screens';
import { lookAtEveryScreen } from './support/suite';
import { contextOptions, history, PHONE, pageOf, type VisualLang } from './support/world';

async function open(browser: Browser, screen: StoreScreen, lang: VisualLang, state: State) {
  const h = history();
  const context = await browser.newContext(contextOptions(lang));
  const buyer = screen.who === 'buyer' ? h.buyer : null;
  await context.addInitScript(
    ([b, l]) => {
      localStorage.setItem('sf.lang', l);
      if (b) {
        localStorage.setItem('sf.token', b.token);
        localStorage.setItem('sf.email', b.email);
      }
    },
    [buyer, lang] as const,
  );
  const page = await pageOf(context, state === 'error' ? { failReads: /^\/store\// } : {});
  await page.goto(typeof screen.path === 'function' ? screen.path(h) : screen.path);
  return { context, page };
}

lookAtEveryScreen({
  app: 'storefront',
  screens: STORE_SCREENS,
  open,
  viewport: PHONE,
  toasts: '.toast',
});
