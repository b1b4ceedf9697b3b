import { browserLang } from '@dropdesk/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTags, readLang, writeLang, writeLangCookie } from './lang-storage';

function browserSays(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

beforeEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: a test's reset
  document.cookie = 'lang=; path=/; max-age=0';
});
afterEach(() => vi.restoreAllMocks());

describe('the language kept in local storage', () => {
  it('reads a choice that is one of the 7, and nothing else', () => {
    expect(readLang('console-lang')).toBeNull();
    localStorage.setItem('console-lang', 'ja');
    expect(readLang('console-lang')).toBe('ja');
    localStorage.setItem('console-lang', 'xx');
    expect(readLang('console-lang')).toBeNull();
  });

  it('writes the choice under its key, and the cookie only when asked', () => {
    writeLang('lang', 'th');
    expect(localStorage.getItem('lang')).toBe('th');
    expect(document.cookie).not.toContain('lang=th');
    writeLangCookie('lang', 'th');
    expect(document.cookie).toContain('lang=th');
  });

  it('never throws without storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(readLang('lang')).toBeNull();
    expect(() => writeLang('lang', 'en')).not.toThrow();
  });
});

describe("the browser's languages", () => {
  it('are read most preferred first, for the first one of the 7 (the console and the storefront)', () => {
    browserSays('de-DE', 'th-TH', 'en');
    expect(browserTags()).toEqual(['de-DE', 'th-TH', 'en']);
    expect(browserLang(browserTags())).toBe('th');
    browserSays('zh-TW');
    expect(browserLang(browserTags())).toBe('zh-CN');
    browserSays();
    expect(browserLang(browserTags())).toBeNull();
  });
});
