import { langStorage } from '@dropdesk/web-kit/lang-storage';

/** The key the specification keeps the chosen language under in local storage. */
export const LANG_STORAGE_KEY = 'lang';

/**
 * The merchant's language (@dropdesk/web-kit/lang-storage): their choice, else Vietnamese (the
 * browser's languages do not count). It also goes in a `lang` cookie, so the server can send /login
 * already in it (the login page is prerendered per language at build: scripts/prerender.mjs).
 * Local storage stays the source of truth (the specification's); the cookie follows it on every start.
 */
export const { storedLang, storeLang, mirrorLangCookie } = langStorage({
  key: LANG_STORAGE_KEY,
  cookie: true,
});
