import type { Lang } from '@dropdesk/contract/constants';
import { isLang } from '@dropdesk/contract/constants';

/**
 * The language a reader chose, kept in local storage under the app's own key. No i18next and no
 * React: the merchant app's own pages (/login, /home) read it before any of the app has loaded.
 * Plain functions, not a configured object, so a bundle keeps only what its app calls (the
 * merchant app never carries the browser's languages, the console never the cookie). What differs
 * between the apps is theirs to compose: the key (`lang`, `console-lang`), what a missing choice
 * falls back to (Vietnamese, or first the browser's languages), and whether a cookie follows it.
 */

/** The choice kept under `key`, or null when there is none (or storage is unavailable). */
export function readLang(key: string): Lang | null {
  try {
    const value = localStorage.getItem(key);
    return isLang(value) ? value : null;
  } catch {
    return null; // storage unavailable (private mode): no choice
  }
}

/** Keeps the choice under `key`; without storage it lasts for this visit. */
export function writeLang(key: string, lang: Lang): void {
  try {
    localStorage.setItem(key, lang);
  } catch {
    // storage unavailable (private mode): the choice lasts for this visit
  }
}

/**
 * Mirrors the choice into a cookie of the same name, so the server can send a page already in it
 * (the merchant app's /login is prerendered per language). Local storage stays the source of truth.
 */
export function writeLangCookie(key: string, lang: Lang): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers
    document.cookie = `${key}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies disabled: the server sends its pages in the default language
  }
}

/** The browser's languages, most preferred first (none where there is no browser). */
export function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
