import { langStorage } from '@dropdesk/web-kit/lang-storage';

/** The operator's language, chosen in the console (the merchant app's `lang` is not shared). */
export const LANG_STORAGE_KEY = 'console-lang';

/**
 * The console's language (@dropdesk/web-kit/lang-storage): the operator's own choice (kept by the
 * language picker), else the browser's first language that is one of the 7, else Vietnamese.
 */
export const { storedLang, storeLang } = langStorage({ key: LANG_STORAGE_KEY, fromBrowser: true });
