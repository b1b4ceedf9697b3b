/**
 * The storefront, looked at: its pages at 390 px in vi, en, th and zh-CN, as a guest and as the
 * story's signed-in buyer, loaded and failing (support/screens.ts, support/look.ts).
 */
import { type Browser, test } from '@playwright/test';
import { look } from './support/look';
import { STORE_SCREENS, type State, type StoreScreen } from './support/screens';
import { contextOptions, history, LANGS, PHONE, pageOf, type VisualLang } from './support/world';

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

for (const screen of STORE_SCREENS) {
  for (const lang of LANGS) {
    test(`${screen.name} in ${lang}`, async ({ browser }) => {
      for (const state of screen.states) {
        const { context, page } = await open(browser, screen, lang, state);
        try {
          await look(page, ['storefront', `${screen.name}-${lang}-${state}.png`], {
            ...PHONE,
            ...(state === 'error' ? { quietMs: 1_500 } : {}),
          });
        } finally {
          await context.close();
        }
      }
    });
  }
}
