import { LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLang, setActiveLang } from './lang';
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

export { currentLang, detectLang, matchLang } from './lang';

async function apply(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    const messages = await loaders[lang]();
    i18n.addResourceBundle(lang, 'translation', messages.default, true, true);
  }
  await i18n.changeLanguage(lang);
  setActiveLang(lang);
  document.documentElement.lang = lang;
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
