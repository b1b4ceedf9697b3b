import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { mirrorLangCookie, storedLang, storeLang } from './lang-storage';

export { LANG_STORAGE_KEY, storedLang } from './lang-storage';

type Messages = Record<string, unknown>;

/** Each locale is its own chunk, fetched only when that language is used. */
const loaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('../locales/zh-CN.json'),
  en: () => import('../locales/en.json'),
  ko: () => import('../locales/ko.json'),
  ja: () => import('../locales/ja.json'),
  th: () => import('../locales/th.json'),
  vi: () => import('../locales/vi.json'),
  tr: () => import('../locales/tr.json'),
};

/**
 * The server's catalogues of contract keys (MIN_TOPUP, FIELD_REQUIRED): the web shows the server's
 * own words for them (lib/messages.ts), so there is one message per key. Also one chunk per language.
 */
export const SERVER_NS = 'server';
const serverLoaders: Record<Lang, () => Promise<{ default: Messages }>> = {
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

/** A feature's own texts: one chunk per language, like the app's (`features/x/texts.ts`). */
export type TextLoaders = Record<Lang, () => Promise<{ default: Messages }>>;

/** What has been added to i18next: the app's bundles per language, and each feature's. */
const added = new WeakMap<TextLoaders, Set<Lang>>();
/** Features whose texts a screen has asked for: loaded again in each language switched to. */
const features = new Set<TextLoaders>();

async function addTexts(source: TextLoaders, lang: Lang, ns = 'translation'): Promise<void> {
  const langs = added.get(source) ?? new Set<Lang>();
  added.set(source, langs);
  if (langs.has(lang)) return;
  const messages = await source[lang]();
  // Deep-merged into the namespace: a feature's keys sit beside the app's (`home.sales`).
  i18n.addResourceBundle(lang, ns, messages.default, true, true);
  langs.add(lang);
}

async function ensureBundle(lang: Lang): Promise<void> {
  await Promise.all([
    addTexts(serverLoaders, lang, SERVER_NS),
    addTexts(loaders, lang),
    ...[...features].map((source) => addTexts(source, lang)),
  ]);
}

/**
 * A feature's locale files as loaders by language, from its `import.meta.glob('./locales/*.json')`
 * (Vite turns each file into its own chunk). Throws at start if a language's file is missing.
 */
export function textsOf(files: Record<string, () => Promise<unknown>>): TextLoaders {
  const byLang = new Map(
    Object.entries(files).map(([file, load]) => [file.replace(/^.*\/|\.json$/g, ''), load]),
  );
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const load = byLang.get(lang);
      if (!load) throw new Error(`feature texts: no ${lang}.json`);
      return [lang, load as () => Promise<{ default: Messages }>];
    }),
  ) as TextLoaders;
}

/**
 * Loads a feature's texts (keys under its own prefix, in `features/x/locales/<lang>.json`) in the
 * current language, with its screen's chunk (`screen()` in app/router.tsx): a screen's words are
 * fetched with the screen, so the first paint of /login never carries them. The vi fallback follows
 * in the background, and every later language switch loads them too.
 */
export async function loadTexts(source: TextLoaders): Promise<void> {
  features.add(source);
  const lang = currentLang();
  await addTexts(source, lang);
  if (lang !== DEFAULT_LANG) void addTexts(source, DEFAULT_LANG).catch(() => undefined);
}

let ready: Promise<void> | undefined;

/** Resolves once the first language is loaded (for code that may run before the first render). */
export function i18nReady(): Promise<void> {
  return ready ?? initI18n();
}

/** Starts i18next with only the chosen language loaded; the fallback (vi) follows in the background. */
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
  mirrorLangCookie(lang);
  if (lang !== DEFAULT_LANG) void ensureBundle(DEFAULT_LANG).catch(() => undefined);
}

/** Switches the interface language and remembers it under `lang`. */
export async function switchLanguage(lang: Lang): Promise<void> {
  await ensureBundle(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  storeLang(lang);
}
