import type { Lang } from '@dropdesk/contract/constants';
import { createI18n, loadersOf } from '@dropdesk/web-kit/i18n';
import { initReactI18next } from 'react-i18next';
import { chosenLang, currentLang, detectLang, rememberShopLang, setActiveLang } from './lang';
import { save } from './storage';

// @dropdesk/contract/constants has no zod import (checked): its runtime is safe to bundle here.

/**
 * The storefront's part of the kit's i18n (docs/architecture.md "Front-end kit"): its loaders, no
 * fallback bundle (every key is in all 7), and the shop language rules of lib/lang.ts.
 */
const kit = createI18n({
  namespaces: {
    // Each locale is its own chunk: a shop page fetches only its reader's language.
    translation: loadersOf(import.meta.glob('../locales/*.json')),
  },
  fallbackLng: false,
  use: initReactI18next,
  changing(lang) {
    // The reads a re-render starts (the products, asked again) already carry the new language.
    setActiveLang(lang);
    document.documentElement.lang = lang;
  },
  remember: (lang) => save('lang', lang),
});

export const i18n = kit.i18n;

export { matchLang } from '@dropdesk/contract/constants';
export { currentLang, detectLang } from './lang';

/** Starts fetching a language's texts (a likely language, while the page works out which). */
export const preloadLang = (lang: Lang): void => void kit.load(lang).catch(() => undefined);

/** Starts i18next with only the buyer's language loaded. */
export const initI18n = (lang: Lang = detectLang()): Promise<void> => kit.init(lang);

/** The header's language switcher: loads the language, switches, remembers the choice. */
export const switchLanguage = (lang: Lang): Promise<void> => kit.switchLanguage(lang);

/**
 * A shop's page has named its shop's language (`lang`, `shop_lang`): kept for the next visit, and
 * shown now unless the buyer chose a language of their own (which stays theirs, on every shop).
 */
export async function followShop(shop: string | number, lang: Lang): Promise<void> {
  rememberShopLang(shop, lang);
  if (chosenLang() === null && currentLang() !== lang) await kit.switchLanguage(lang, false);
}
