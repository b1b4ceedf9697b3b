import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';
import { createI18n, type Loaders, loadersOf } from '@dropdesk/web-kit/i18n';
import { SERVER_MESSAGES } from '@dropdesk/web-kit/server-messages';
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
    translation: loadersOf(import.meta.glob('../locales/*.json')),
    [SERVER_NS]: SERVER_MESSAGES,
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

/** A feature's locale files as loaders by language (the kit's `loadersOf`). */
export const textsOf = loadersOf;

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
