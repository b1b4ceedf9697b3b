/**
 * The tests of one app's screens: for each screen and language, one test that opens the screen in
 * each of its states and looks at it (support/look.ts).
 */
import { type Browser, type BrowserContext, type Page, test } from '@playwright/test';
import { type LookOptions, look, settled } from './look';
import type { Screen, State } from './screens';
import { history, LANGS, type VisualLang } from './world';

export interface AppUnderLook<S extends Pick<Screen, 'name' | 'states' | 'mask' | 'before'>> {
  /** The folder of its pictures: merchant, storefront, console. */
  app: string;
  screens: readonly S[];
  /** Opens the screen in a state, in a context of its own (closed after the look). */
  open: (
    browser: Browser,
    screen: S,
    lang: VisualLang,
    state: State,
  ) => Promise<{ context: BrowserContext; page: Page }>;
  /** The viewport; and, for error states, CSS that hides the app's toasts (they fade on their own clock). */
  viewport: { width: number; height: number };
  toasts: string;
}

export function lookAtEveryScreen<S extends Pick<Screen, 'name' | 'states' | 'mask' | 'before'>>(
  under: AppUnderLook<S>,
) {
  for (const screen of under.screens) {
    for (const lang of LANGS) {
      test(`${screen.name} in ${lang}`, async ({ browser }) => {
        for (const state of screen.states) {
          const opening = Date.now();
          const { context, page } = await under.open(browser, screen, lang, state);
          if (process.env.LOOK_TIMING === '1')
            console.log(
              `[look-timing] ${under.app}/${screen.name}-${lang}-${state}: open ${Date.now() - opening}`,
            );
          try {
            if (state !== 'error' && screen.before) {
              await settled(page);
              await screen.before(page, lang);
            }
            const options: LookOptions = {
              ...under.viewport,
              ...(screen.mask ? { mask: screen.mask(page, history()) } : {}),
              ...(state === 'error' ? { style: `${under.toasts} { display: none !important; }` } : {}),
            };
            await look(page, [under.app, `${screen.name}-${lang}-${state}.png`], options);
          } finally {
            await context.close();
          }
        }
      });
    }
  }
}
