import { DEFAULT_LANG, type Lang, PAGE_LANG_PARAM } from '@dropdesk/contract/constants';
import { readLang, writeLang, writeLangCookie } from '@dropdesk/web-kit/lang-storage';

/** The key the specification keeps the chosen language under in local storage. */
export const LANG_STORAGE_KEY = 'lang';

/** The merchant's language: their choice, else Vietnamese (the browser's languages do not count). */
export function storedLang(): Lang {
  return readLang(LANG_STORAGE_KEY) ?? DEFAULT_LANG;
}

/** Remembers the language in local storage and in the `lang` cookie (see `mirrorLangCookie`). */
export function storeLang(lang: Lang): void {
  writeLang(LANG_STORAGE_KEY, lang);
  mirrorLangCookie(lang);
}

/**
 * The language also goes in a `lang` cookie, so the server can send /login already in it (the
 * login page is prerendered per language at build: scripts/prerender.mjs). Local storage stays
 * the source of truth (the specification's); the cookie follows it on every start.
 */
export const mirrorLangCookie = (lang: Lang): void => writeLangCookie(LANG_STORAGE_KEY, lang);

/**
 * Loads a page of its own (/login, /home) again in `lang`: its address names the language
 * (`?lang=`, read by the server before the cookie), so the page comes in it even when the cookie
 * just written has not reached the browser's cookie store yet.
 */
export function loadPageIn(lang: Lang): void {
  const url = new URL(window.location.href);
  url.searchParams.set(PAGE_LANG_PARAM, lang);
  window.location.replace(url.toString());
}

/** Session storage's mark of a page loading itself again in the stored language (at most once). */
const RELOADING = 'lang-reload';

/**
 * A page of its own (/login, /home) in the merchant's language. Local storage holds their choice;
 * the page came in the one its address or the `lang` cookie named. When they differ (cookies
 * cleared, another device's cookie), stores the choice and loads the page again in it, once (a
 * server that still answers in another language is not asked again): answers false, the page
 * goes no further. Otherwise takes `?lang=` out of the address, remembers the page's language and
 * answers true.
 */
export function inStoredLang(pageLang: Lang, reload: (lang: Lang) => void): boolean {
  const wanted = storedLang();
  if (
    wanted !== pageLang &&
    localStorage.getItem(LANG_STORAGE_KEY) !== null &&
    !sessionStorage.getItem(RELOADING)
  ) {
    sessionStorage.setItem(RELOADING, '1');
    storeLang(wanted);
    reload(wanted);
    return false;
  }
  sessionStorage.removeItem(RELOADING);
  const url = new URL(window.location.href);
  if (url.searchParams.has(PAGE_LANG_PARAM)) {
    url.searchParams.delete(PAGE_LANG_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  storeLang(pageLang);
  return true;
}
