import { LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chosenLang, currentLang, detectLang, rememberShopLang, setActiveLang } from './lang';
import { save } from './storage';

// @dropdesk/contract/constants has no zod import (checked): its runtime is safe to bundle here.

type Messages = Record<string, unknown>;

/** Each locale is its own chunk: a shop page fetches only its reader's language. */
const loaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('../locales/zh-CN.json'),
  en: () => import('../locales/en.json'),
  ko: () => import('../locales/ko.json'),
  ja: () => import('../locales/ja.json'),
  th: () => import('../locales/th.json'),
  vi: () => import('../locales/vi.json'),
  tr: () => import('../locales/tr.json'),
};

export const i18n = i18next.createInstance();

export { matchLang } from '@dropdesk/contract/constants';
export { currentLang, detectLang } from './lang';

/** Starts fetching a language's texts (a likely language, while the page works out which). */
export function preloadLang(lang: Lang): void {
  void loaders[lang]().catch(() => undefined);
}

async function apply(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const messages = await loaders[lang]();
    i18n.addResourceBundle(lang, 'translation', messages.default, true, true);
  }
  // The reads a re-render starts (the products, asked again) already carry the new language.
  setActiveLang(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

let ready: Promise<void> | undefined;

/** Starts i18next with only the buyer's language loaded (no fallback bundle: every key is in all 7). */
export function initI18n(lang: Lang = detectLang()): Promise<void> {
  ready ??= i18n
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => apply(lang));
  return ready;
}

/** The header's language switcher: loads the language, switches, remembers the choice. */
export async function switchLanguage(lang: Lang): Promise<void> {
  await apply(lang);
  save('lang', lang);
}

/**
 * A shop's page has named its shop's language (`lang`, `shop_lang`): kept for the next visit, and
 * shown now unless the buyer chose a language of their own (which stays theirs, on every shop).
 */
export async function followShop(shop: string | number, lang: Lang): Promise<void> {
  rememberShopLang(shop, lang);
  if (chosenLang() === null && currentLang() !== lang) await apply(lang);
}
