import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { openAt } from '../test/render';
import { detectLang, matchLang, switchLanguage } from './i18n';
import { rememberShopLang } from './lang';

describe('language', () => {
  afterEach(() => switchLanguage('en'));

  it("is the stored choice, else the shop's (or the last shop's), else the browser language, else Vietnamese", () => {
    expect(matchLang('zh-TW')).toBe('zh-CN');
    expect(matchLang('en-GB')).toBe('en');
    expect(matchLang('de-DE')).toBeNull();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'ja-JP']);
    expect(detectLang()).toBe('ja');
    localStorage.setItem('sf.lang', 'th');
    expect(detectLang()).toBe('th');
    localStorage.clear();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(detectLang()).toBe('vi');
    // A shop's language, as its reply named it, over the browser's.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    rememberShopLang(5, 'th');
    rememberShopLang(6, 'vi');
    expect(detectLang(5)).toBe('th');
    expect(detectLang(6)).toBe('vi');
    expect(detectLang(9)).toBe('en');
    localStorage.setItem('sf.shop', '6');
    expect(detectLang()).toBe('vi');
    expect(detectLang(9)).toBe('vi');
    // The buyer's own choice wins everywhere.
    localStorage.setItem('sf.lang', 'ja');
    expect(detectLang(5)).toBe('ja');
    vi.restoreAllMocks();
  });

  it('switches from the header and is remembered', async () => {
    fakeApi({});
    openAt('/s/');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'vi');
    expect(
      await within(screen.getByRole('navigation')).findByRole('link', { name: 'Đơn hàng' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('sf.lang')).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });
});
