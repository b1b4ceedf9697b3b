import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';

/** The key the specification keeps the chosen language under in local storage. */
export const LANG_STORAGE_KEY = 'lang';

export function storedLang(): Lang {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** Remembers the language in local storage and in the `lang` cookie (see `mirrorLangCookie`). */
export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage unavailable (private mode): the choice lasts for this visit
  }
  mirrorLangCookie(lang);
}

/**
 * The language also goes in a `lang` cookie, so the server can send /login already in it (the
 * login page is prerendered per language at build: scripts/prerender.mjs). Local storage stays
 * the source of truth (the specification's); the cookie follows it on every start.
 */
export function mirrorLangCookie(lang: Lang): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers
    document.cookie = `${LANG_STORAGE_KEY}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies disabled: /login is sent in the default language
  }
}
