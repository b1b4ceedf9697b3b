import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import { createI18n, type Loaders } from '@dropdesk/web-kit/i18n';
import { initReactI18next } from 'react-i18next';

import { mirrorLangCookie, storedLang, storeLang } from './lang-storage';

export { LANG_STORAGE_KEY, storedLang } from './lang-storage';

/**
 * The merchant app's part of the kit's i18n (docs/architecture.md "Front-end kit"): its loaders,
 * the vi fallback fetched in the background, the choice kept in local storage and mirrored into the
 * `lang` cookie (lib/lang-storage.ts), and each feature's texts loaded with its screen.
 */

/**
 * The server's catalogues of contract keys (MIN_TOPUP, FIELD_REQUIRED): the web shows the server's
 * own words for them (lib/messages.ts), so there is one message per key.
 */
export const SERVER_NS = 'server';

const kit = createI18n({
  namespaces: {
    // Each locale is its own chunk, fetched only when that language is used.
    translation: {
      'zh-CN': () => import('../locales/zh-CN.json'),
      en: () => import('../locales/en.json'),
      ko: () => import('../locales/ko.json'),
      ja: () => import('../locales/ja.json'),
      th: () => import('../locales/th.json'),
      vi: () => import('../locales/vi.json'),
      tr: () => import('../locales/tr.json'),
    },
    [SERVER_NS]: {
      'zh-CN': () => import('@dropdesk/contract/messages/zh-CN.json'),
      en: () => import('@dropdesk/contract/messages/en.json'),
      ko: () => import('@dropdesk/contract/messages/ko.json'),
      ja: () => import('@dropdesk/contract/messages/ja.json'),
      th: () => import('@dropdesk/contract/messages/th.json'),
      vi: () => import('@dropdesk/contract/messages/vi.json'),
      tr: () => import('@dropdesk/contract/messages/tr.json'),
    },
  },
  fallbackLng: DEFAULT_LANG,
  loadFallback: true,
  use: initReactI18next,
  remember: storeLang,
  changing: mirrorLangCookie,
});

export const i18n = kit.i18n;

export function currentLang(): Lang {
  const lang = i18n.language;
  return isLang(lang) ? lang : storedLang();
}

/** A feature's own texts: one chunk per language, like the app's (`features/x/texts.ts`). */
export type TextLoaders = Loaders;

/**
 * A feature's locale files as loaders by language, from its `import.meta.glob('./locales/*.json')`
 * (Vite turns each file into its own chunk). Throws at start if a language's file is missing.
 */
export function textsOf(files: Record<string, () => Promise<unknown>>): TextLoaders {
  const byLang = new Map(
    Object.entries(files).map(([file, load]) => [file.replace(/^.*\/|\.json$/g, ''), load]),
  );
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const load = byLang.get(lang);
      if (!load) throw new Error(`feature texts: no ${lang}.json`);
      return [lang, load];
    }),
  ) as TextLoaders;
}

/**
 * Loads a feature's texts (keys under its own prefix, in `features/x/locales/<lang>.json`) in the
 * current language, with its screen's chunk (`screen()` in app/router.tsx): a screen's words are
 * fetched with the screen, so the first paint of /login never carries them. The vi fallback follows
 * in the background, and every later language switch loads them too.
 */
export const loadTexts = (source: TextLoaders): Promise<void> => kit.addTexts(source, currentLang());

/** Starts i18next with only the chosen language loaded; the fallback (vi) follows in the background. */
export const initI18n = (lang: Lang = storedLang()): Promise<void> => kit.init(lang);

/** Resolves once the first language is loaded (for code that may run before the first render). */
export const i18nReady = (): Promise<void> => initI18n();

/** Switches the interface language and remembers it under `lang` (and in the cookie). */
export const { switchLanguage } = kit;
