import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storedLang, storeLang } from './lang-storage';

type Messages = Record<string, unknown>;
type Loaders = Record<Lang, () => Promise<{ default: Messages }>>;

/** The console's texts: one chunk per language, fetched only when that language is used. */
const loaders: Loaders = {
  'zh-CN': () => import('../locales/zh-CN.json'),
  en: () => import('../locales/en.json'),
  ko: () => import('../locales/ko.json'),
  ja: () => import('../locales/ja.json'),
  th: () => import('../locales/th.json'),
  vi: () => import('../locales/vi.json'),
  tr: () => import('../locales/tr.json'),
};

/** The server's catalogue of contract keys (FIELD_REQUIRED...): a form checked here says what the server would. */
export const SERVER_NS = 'server';
const serverLoaders: Loaders = {
  'zh-CN': () => import('@dropdesk/contract/messages/zh-CN.json'),
  en: () => import('@dropdesk/contract/messages/en.json'),
  ko: () => import('@dropdesk/contract/messages/ko.json'),
  ja: () => import('@dropdesk/contract/messages/ja.json'),
  th: () => import('@dropdesk/contract/messages/th.json'),
  vi: () => import('@dropdesk/contract/messages/vi.json'),
  tr: () => import('@dropdesk/contract/messages/tr.json'),
};

export const i18n = i18next.createInstance();

export function currentLang(): Lang {
  const lang = i18n.language;
  return isLang(lang) ? lang : storedLang();
}

const loaded = new Set<string>();

async function ensureBundle(lang: Lang): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const [ns, source] of [
    ['translation', loaders],
    [SERVER_NS, serverLoaders],
  ] as const) {
    const id = `${ns}:${lang}`;
    if (loaded.has(id)) continue;
    jobs.push(
      source[lang]().then((m) => {
        i18n.addResourceBundle(lang, ns, m.default, true, true);
        loaded.add(id);
      }),
    );
  }
  await Promise.all(jobs);
}

let ready: Promise<void> | undefined;

/** Starts i18next in the operator's language; the fallback (vi) follows in the background. */
export function initI18n(lang: Lang = storedLang()): Promise<void> {
  ready ??= start(lang);
  return ready;
}

async function start(lang: Lang): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGUAGES],
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureBundle(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  // The vi fallback is not fetched: i18n:check keeps every key in every language, so the first
  // screen carries one language only.
}

/**
 * Work a language switch waits for besides the texts: the signed-in layout registers antd's locale
 * loader here (lib/antd-locale.ts), so the sign-in screen never loads antd.
 */
let beforeSwitch: ((lang: Lang) => Promise<unknown>) | undefined;
export function onLanguageSwitch(fn: (lang: Lang) => Promise<unknown>): void {
  beforeSwitch = fn;
}

/** Switches the console's language and remembers it (localStorage `console-lang`). */
export async function switchLanguage(lang: Lang): Promise<void> {
  await Promise.all([ensureBundle(lang), beforeSwitch?.(lang)]);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  storeLang(lang);
}
