import { browserLang, DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';

/**
 * The language a reader chose, kept in local storage under the app's own key. No i18next and no
 * React: the merchant app's own pages (/login, /home) read it before any of the app has loaded.
 * What differs between the apps is theirs to say: the key (`lang`, `console-lang`), whether the
 * browser's languages count when nothing is chosen, and whether the choice goes in a cookie too.
 */
export interface LangStorageOptions {
  /** The local storage key of the choice. */
  key: string;
  /** With no choice made, the browser's first language that is one of the 7 (else the default). */
  fromBrowser?: boolean;
  /**
   * Mirror the choice into a cookie of the same name, so the server can send a page already in it
   * (the merchant app's /login is prerendered per language). Local storage stays the source of truth.
   */
  cookie?: boolean;
}

export interface LangStorage {
  readonly key: string;
  /** The chosen language, else the browser's (when asked), else Vietnamese (DEFAULT_LANG). */
  storedLang(): Lang;
  /** Remembers the choice (and mirrors it into the cookie, when asked). */
  storeLang(lang: Lang): void;
  /** Writes the cookie only (a start in the stored language); nothing without `cookie`. */
  mirrorLangCookie(lang: Lang): void;
}

/** The browser's languages, most preferred first (none where there is no browser). */
export function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function langStorage({ key, fromBrowser = false, cookie = false }: LangStorageOptions): LangStorage {
  const mirrorLangCookie = (lang: Lang): void => {
    if (!cookie) return;
    try {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers
      document.cookie = `${key}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
    } catch {
      // cookies disabled: the server sends its pages in the default language
    }
  };
  return {
    key,
    storedLang() {
      let chosen: string | null = null;
      try {
        chosen = localStorage.getItem(key);
      } catch {
        // storage unavailable (private mode): no choice
      }
      if (isLang(chosen)) return chosen;
      return (fromBrowser ? browserLang(browserTags()) : null) ?? DEFAULT_LANG;
    },
    storeLang(lang) {
      try {
        localStorage.setItem(key, lang);
      } catch {
        // storage unavailable (private mode): the choice lasts for this visit
      }
      mirrorLangCookie(lang);
    },
    mirrorLangCookie,
  };
}
