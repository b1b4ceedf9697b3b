import { browserLang, DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';

/** The operator's language, chosen in the console (the merchant app's `lang` is not shared). */
export const LANG_STORAGE_KEY = 'console-lang';

/** The browser's languages, most preferred first (none where there is no browser). */
function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The console's language: the operator's own choice (kept by the language picker), else the
 * browser's first language that is one of the 7, else Vietnamese.
 */
export function storedLang(): Lang {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    // storage unavailable: the browser's language
  }
  return isLang(chosen) ? chosen : (browserLang(browserTags()) ?? DEFAULT_LANG);
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this visit
  }
}
