import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANG_STORAGE_KEY, storedLang } from './lang-storage';

function browserSays(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe("the console's language", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the browser's first language that is one of the 7", () => {
    browserSays('en-US', 'vi');
    expect(storedLang()).toBe('en');
    browserSays('de-DE', 'th-TH', 'en');
    expect(storedLang()).toBe('th');
    browserSays('zh-TW');
    expect(storedLang()).toBe('zh-CN');
    browserSays('ko');
    expect(storedLang()).toBe('ko');
  });

  it('is Vietnamese when the browser speaks none of them', () => {
    browserSays('de-DE', 'fr');
    expect(storedLang()).toBe('vi');
    browserSays();
    expect(storedLang()).toBe('vi');
  });

  it("keeps the operator's own choice over the browser's", () => {
    browserSays('en-US');
    localStorage.setItem(LANG_STORAGE_KEY, 'ja');
    expect(storedLang()).toBe('ja');
    // Something that is not one of the 7 is no choice.
    localStorage.setItem(LANG_STORAGE_KEY, 'xx');
    expect(storedLang()).toBe('en');
  });
});
