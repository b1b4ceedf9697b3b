import { LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import type { Module } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18n, type I18nSetup, type Loaders, loadersOf, type Messages } from './i18n';

/** What happened, in order: each file fetched (`load translation:en`) and each hook's call. */
let log: string[];

beforeEach(() => {
  log = [];
  document.documentElement.lang = '';
});

/** Fake locale files: plain functions that note their fetch and answer `texts(lang)` a tick later. */
function files(name: string, texts: (lang: Lang) => Messages): Loaders {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      async () => {
        log.push(`load ${name}:${lang}`);
        await Promise.resolve();
        return { default: texts(lang) };
      },
    ]),
  ) as Loaders;
}

const app = () =>
  files('translation', (lang) => ({ hello: `hello ${lang}`, ...(lang === 'vi' ? { only: 'vi only' } : {}) }));
const server = () => files('server', (lang) => ({ FIELD_REQUIRED: `required ${lang}` }));

/** Stands for react-i18next's plugin: notes that i18next took it. */
const plugin = { type: '3rdParty', init: () => log.push('plugin') } as Module;

function setup(options: Partial<I18nSetup> = {}) {
  return createI18n({
    namespaces: { translation: app(), server: server() },
    fallbackLng: 'vi',
    use: plugin,
    remember: (lang) => log.push(`remember ${lang}`),
    ...options,
  });
}

/** Lets the background loads (the fallback's) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createI18n', () => {
  it('starts in one language with every namespace, once whatever the calls, and sets the page lang', async () => {
    const kit = setup({ changing: (lang) => log.push(`changing ${lang}`) });
    await Promise.all([kit.init('en'), kit.init('th')]);
    await kit.init('ja');
    await settle();
    expect(log).toEqual(['plugin', 'load translation:en', 'load server:en', 'changing en']);
    expect(kit.i18n.language).toBe('en');
    expect(kit.i18n.t('hello')).toBe('hello en');
    expect(kit.i18n.t('FIELD_REQUIRED', { ns: 'server' })).toBe('required en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('fetches each file once', async () => {
    const kit = setup();
    await kit.init('en');
    log = [];
    await kit.load('th');
    await kit.switchLanguage('th');
    await kit.switchLanguage('en');
    await kit.switchLanguage('th');
    expect(log.filter((line) => line.startsWith('load'))).toEqual(['load translation:th', 'load server:th']);
  });

  it('switches in order: texts and the extra work, then the change, then the page lang, then remembering', async () => {
    const kit = setup({
      beforeSwitch: async (lang) => {
        log.push(`before ${lang}`);
      },
      changing: (lang) => log.push(`changing ${lang}, page ${document.documentElement.lang}`),
    });
    await kit.init('en');
    kit.i18n.on('languageChanged', (lang) =>
      log.push(`changed ${lang}, page ${document.documentElement.lang}`),
    );
    log = [];
    await kit.switchLanguage('ko');
    expect(log).toEqual([
      'load translation:ko',
      'load server:ko',
      'before ko',
      'changing ko, page en',
      'changed ko, page en',
      'remember ko',
    ]);
    expect(document.documentElement.lang).toBe('ko');
    expect(kit.i18n.t('hello')).toBe('hello ko');
  });

  it('switches without remembering a language the reader did not choose', async () => {
    const kit = setup();
    await kit.init('en');
    await kit.switchLanguage('vi', false);
    expect(kit.i18n.language).toBe('vi');
    expect(log).not.toContain('remember vi');
  });

  it('does not change language when its texts fail, and fetches them again on the next try', async () => {
    let fail = true;
    const flaky = app();
    const th = flaky.th;
    flaky.th = () => (fail ? Promise.reject(new Error('offline')) : th());
    const kit = setup({ namespaces: { translation: flaky } });
    await kit.init('en');
    await expect(kit.switchLanguage('th')).rejects.toThrow('offline');
    expect(kit.i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(log).not.toContain('remember th');
    fail = false;
    await kit.switchLanguage('th');
    expect(kit.i18n.t('hello')).toBe('hello th');
  });

  it('fetches the fallback in the background when asked, and looks a missing key up in it', async () => {
    // The start does not wait for it: the vi file answers only when let go.
    let letGo = () => {};
    const texts = app();
    const vi = texts.vi;
    texts.vi = () => new Promise<void>((resolve) => (letGo = resolve)).then(vi);
    const kit = setup({ namespaces: { translation: texts, server: server() }, loadFallback: true });
    await kit.init('en');
    expect(log).toEqual(['plugin', 'load translation:en', 'load server:en', 'load server:vi']);
    expect(kit.i18n.t('only')).toBe('only');
    letGo();
    await settle();
    expect(log).toContain('load translation:vi');
    expect(kit.i18n.t('only')).toBe('vi only');
    expect(kit.i18n.language).toBe('en');
  });

  it('keeps the fallback unfetched unless asked, and with none a missing key stays the key', async () => {
    const withFallback = setup();
    await withFallback.init('en');
    await settle();
    expect(log).toEqual(['plugin', 'load translation:en', 'load server:en']);

    const none = setup({ fallbackLng: false, namespaces: { translation: app() } });
    await none.init('vi');
    await none.switchLanguage('en');
    expect(none.i18n.t('only')).toBe('only');
  });

  it("adds a feature's texts beside the app's, with the fallback, and in every language loaded later", async () => {
    const kit = setup({ loadFallback: true });
    await kit.init('en');
    await settle();
    log = [];
    const feature = files('feature', (lang) => ({ home: { sales: `sales ${lang}` } }));
    await kit.addTexts(feature, 'en');
    await settle();
    expect(log).toEqual(['load feature:en', 'load feature:vi']);
    expect(kit.i18n.t('home.sales')).toBe('sales en');
    expect(kit.i18n.t('hello')).toBe('hello en');
    log = [];
    await kit.switchLanguage('ja');
    expect(log.filter((line) => line.startsWith('load'))).toEqual([
      'load translation:ja',
      'load server:ja',
      'load feature:ja',
    ]);
    expect(kit.i18n.t('home.sales')).toBe('sales ja');
  });

  it('preloads a language without switching to it', async () => {
    const kit = setup();
    await kit.init('en');
    log = [];
    void kit.load('tr');
    await settle();
    expect(log).toEqual(['load translation:tr', 'load server:tr']);
    expect(kit.i18n.language).toBe('en');
    await kit.switchLanguage('tr');
    expect(log.filter((line) => line.startsWith('load'))).toHaveLength(2);
  });
});

describe('loadersOf', () => {
  it('names each locale file by its language, and refuses a folder missing one', () => {
    const load = async () => ({ default: {} });
    const files = Object.fromEntries(LANGUAGES.map((l) => [`./locales/${l}.json`, load]));
    expect(Object.keys(loadersOf(files)).sort()).toEqual([...LANGUAGES].sort());
    expect(loadersOf(files).th).toBe(load);
    const { './locales/th.json': _th, ...withoutThai } = files;
    expect(() => loadersOf(withoutThai)).toThrow('no th.json');
  });
});
