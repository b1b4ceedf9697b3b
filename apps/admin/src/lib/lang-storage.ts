import { browserLang, DEFAULT_LANG, type Lang } from '@dropdesk/contract/constants';
import { browserTags, readLang, writeLang } from '@dropdesk/web-kit/lang-storage';

/** The operator's language, chosen in the console (the merchant app's `lang` is not shared). */
export const LANG_STORAGE_KEY = 'console-lang';

/**
 * The console's language: the operator's own choice (kept by the language picker), else the
 * browser's first language that is one of the 7, else Vietnamese.
 */
export function storedLang(): Lang {
  return readLang(LANG_STORAGE_KEY) ?? browserLang(browserTags()) ?? DEFAULT_LANG;
}

export const storeLang = (lang: Lang): void => writeLang(LANG_STORAGE_KEY, lang);
