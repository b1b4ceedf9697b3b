import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { langStorage } from './lang-storage';

function browserSays(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

function clearCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a test's reset
  document.cookie = `${name}=; path=/; max-age=0`;
}

beforeEach(() => {
  localStorage.clear();
  clearCookie('lang');
  clearCookie('console-lang');
});
afterEach(() => vi.restoreAllMocks());

describe('a language kept from the browser (the console)', () => {
  const store = langStorage({ key: 'console-lang', fromBrowser: true });

  it("is the browser's first language that is one of the 7", () => {
    browserSays('en-US', 'vi');
    expect(store.storedLang()).toBe('en');
    browserSays('de-DE', 'th-TH', 'en');
    expect(store.storedLang()).toBe('th');
    browserSays('zh-TW');
    expect(store.storedLang()).toBe('zh-CN');
    browserSays('ko');
    expect(store.storedLang()).toBe('ko');
  });

  it('is Vietnamese when the browser speaks none of them', () => {
    browserSays('de-DE', 'fr');
    expect(store.storedLang()).toBe('vi');
    browserSays();
    expect(store.storedLang()).toBe('vi');
  });

  it("keeps the reader's own choice over the browser's, and no cookie", () => {
    browserSays('en-US');
    localStorage.setItem('console-lang', 'ja');
    expect(store.storedLang()).toBe('ja');
    // Something that is not one of the 7 is no choice.
    localStorage.setItem('console-lang', 'xx');
    expect(store.storedLang()).toBe('en');
    store.storeLang('ko');
    expect(localStorage.getItem('console-lang')).toBe('ko');
    expect(document.cookie).not.toContain('console-lang=ko');
  });
});

describe('a language mirrored into a cookie (the merchant app)', () => {
  const store = langStorage({ key: 'lang', cookie: true });

  it('is Vietnamese with no choice, whatever the browser says', () => {
    browserSays('en-US');
    expect(store.storedLang()).toBe('vi');
  });

  it('keeps the choice in local storage and in the `lang` cookie', () => {
    store.storeLang('th');
    expect(localStorage.getItem('lang')).toBe('th');
    expect(store.storedLang()).toBe('th');
    expect(document.cookie).toContain('lang=th');
    store.mirrorLangCookie('ja');
    expect(document.cookie).toContain('lang=ja');
    expect(localStorage.getItem('lang')).toBe('th');
  });
});
