import { LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import i18next, { type i18n as I18n, type Module } from 'i18next';

/**
 * One i18next set-up for the three front ends: one instance, texts fetched per language and added
 * once, a start in one language, a switch that loads before it changes. What differs is each app's
 * to pass in: its loaders (the `import('../locales/xx.json')` calls stay in the app, so Vite makes
 * each file a chunk of that app), its namespaces, its fallback, the work a switch also waits for,
 * and how a choice is kept. No framework here: react-i18next comes in as `use`.
 */

export type Messages = Record<string, unknown>;
/** One language's file, as `import('../locales/xx.json')` gives it. Each loader is one file. */
export type Loader = () => Promise<{ default: Messages }>;
export type Loaders = Record<Lang, Loader>;

/**
 * The loaders of a folder of locale files, from Vite's `import.meta.glob('./locales/*.json')`
 * (one lazy chunk per file), by language; a language without its file is an error at start, not a
 * missing text later.
 */
export function loadersOf(files: Record<string, () => Promise<unknown>>): Loaders {
  const byLang = new Map(
    Object.entries(files).map(([file, load]) => [file.replace(/^.*\/|\.json$/g, ''), load]),
  );
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const load = byLang.get(lang);
      if (!load) throw new Error(`locale files: no ${lang}.json`);
      return [lang, load];
    }),
  ) as Loaders;
}

export interface I18nSetup {
  /** The loaders of each namespace (`translation` is i18next's default, `server` the contract's words). */
  namespaces: Record<string, Loaders>;
  /** The language a missing key is looked up in, or false for none. */
  fallbackLng: Lang | false;
  /** Fetch the fallback's texts in the background once the first language is in, and each added source's. */
  loadFallback?: boolean;
  /** An i18next plugin: react-i18next's `initReactI18next` (the kit imports no framework). */
  use: Module;
  /** Work a switch waits for besides the texts, run alongside them (the console's antd locale). */
  beforeSwitch?: (lang: Lang) => unknown;
  /** Keeps a language the reader switched to. */
  remember?: (lang: Lang) => void;
  /**
   * Runs once a language's texts are in, just before i18next changes to it, at the start and on
   * each switch: the storefront's reads take their language from here (a re-render asks in the new
   * one), the merchant app mirrors it into its cookie.
   */
  changing?: (lang: Lang) => void;
}

export interface AppI18n {
  i18n: I18n;
  /**
   * Adds a source of texts to the default namespace (a feature's, fetched with its screen), loads it
   * in `lang` (and the fallback, with `loadFallback`), and in every language loaded from then on.
   */
  addTexts(source: Loaders, lang: Lang): Promise<void>;
  /** Starts i18next in `lang` with only that language fetched; once, whatever the calls. */
  init(lang: Lang): Promise<void>;
  /**
   * Loads `lang` (with `beforeSwitch`), changes to it, sets the page's `lang`, then keeps it with
   * `remember` unless told not to (a language the reader did not choose).
   */
  switchLanguage(lang: Lang, remember?: boolean): Promise<void>;
  /**
   * Loads a language's texts in every namespace and added source, each file added once: a switch's
   * first step, and a preload (a likely language, while the page works out which).
   */
  load(lang: Lang): Promise<unknown>;
}

const ignore = () => undefined;

export function createI18n(setup: I18nSetup): AppI18n {
  const { fallbackLng, loadFallback, beforeSwitch, remember, changing } = setup;
  const i18n = i18next.createInstance();
  // Each source with its namespace; a feature's texts join `translation` as its screen loads.
  const sources = new Map(Object.entries(setup.namespaces).map(([ns, source]) => [source, ns]));
  // The files added, by loader; a failed one is not, so the next load tries it again.
  const added = new Set<Loader>();
  let ready: Promise<void> | undefined;

  async function add(source: Loaders, lang: Lang, ns = 'translation'): Promise<void> {
    const file = source[lang];
    if (added.has(file)) return;
    // Deep-merged: a feature's keys sit beside the app's (`home.sales`).
    i18n.addResourceBundle(lang, ns, (await file()).default, true, true);
    added.add(file);
  }

  const load = (lang: Lang) => Promise.all([...sources].map(([source, ns]) => add(source, lang, ns)));

  /** Fetches `fallbackLng`'s texts in the background, when asked to and `lang` is another. */
  const withFallback = (lang: Lang, fetch: (lang: Lang) => Promise<unknown>): void => {
    if (loadFallback && fallbackLng && lang !== fallbackLng) void fetch(fallbackLng).catch(ignore);
  };

  /** The texts (and, on a switch, `beforeSwitch`'s work) first, then the change, then the page's `lang`. */
  async function show(lang: Lang, switching?: boolean): Promise<void> {
    await Promise.all([load(lang), switching && beforeSwitch?.(lang)]);
    changing?.(lang);
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }

  async function start(lang: Lang): Promise<void> {
    if (!i18n.isInitialized) {
      // returnNull is false by default (i18next 23 on).
      await i18n.use(setup.use).init({
        lng: lang,
        fallbackLng,
        supportedLngs: LANGUAGES,
        resources: {},
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
      });
    }
    await show(lang);
    withFallback(lang, load);
  }

  return {
    i18n,
    async addTexts(source, lang) {
      sources.set(source, 'translation');
      await add(source, lang);
      withFallback(lang, (fallback) => add(source, fallback));
    },
    init: (lang) => (ready ??= start(lang)),
    async switchLanguage(lang, keep = true) {
      await show(lang, true);
      if (keep) remember?.(lang);
    },
    load,
  };
}
