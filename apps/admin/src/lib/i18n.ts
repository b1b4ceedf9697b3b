import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';
import { createI18n, loadersOf } from '@dropdesk/web-kit/i18n';
import { SERVER_MESSAGES } from '@dropdesk/web-kit/server-messages';
import { initReactI18next } from 'react-i18next';
import { storedLang, storeLang } from './lang-storage';

/**
 * The console's part of the kit's i18n (docs/architecture.md "Front-end kit"): its loaders, the
 * operator's choice kept under `console-lang` (lib/lang-storage.ts), and antd's texts loaded with a
 * switch. The vi fallback is not fetched: i18n:check keeps every key in every language, so the
 * first screen carries one language only.
 */

/** The server's catalogue of contract keys (FIELD_REQUIRED...): a form checked here says what the server would. */
export const SERVER_NS = 'server';

/**
 * Work a language switch waits for besides the texts: the signed-in layout registers antd's locale
 * loader here (lib/antd-locale.ts), so the sign-in screen never loads antd.
 */
let beforeSwitch: ((lang: Lang) => Promise<unknown>) | undefined;
export function onLanguageSwitch(fn: (lang: Lang) => Promise<unknown>): void {
  beforeSwitch = fn;
}

const kit = createI18n({
  namespaces: {
    // The console's texts: one chunk per language, fetched only when that language is used.
    translation: loadersOf(import.meta.glob('../locales/*.json')),
    [SERVER_NS]: SERVER_MESSAGES,
  },
  fallbackLng: DEFAULT_LANG,
  use: initReactI18next,
  beforeSwitch: (lang) => beforeSwitch?.(lang),
  remember: storeLang,
});

export const i18n = kit.i18n;

export function currentLang(): Lang {
  const lang = i18n.language;
  return isLang(lang) ? lang : storedLang();
}

/** Starts i18next in the operator's language. */
export const initI18n = (lang: Lang = storedLang()): Promise<void> => kit.init(lang);

/** Switches the console's language and remembers it (localStorage `console-lang`). */
export const switchLanguage = (lang: Lang): Promise<void> => kit.switchLanguage(lang);
