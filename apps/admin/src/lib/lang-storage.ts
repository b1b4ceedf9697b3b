import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';

/** The operator's language, chosen in the console (the merchant app's `lang` is not shared). */
export const LANG_STORAGE_KEY = 'console-lang';

export function storedLang(): Lang {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this visit
  }
}
