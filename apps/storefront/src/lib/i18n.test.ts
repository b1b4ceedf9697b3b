import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { openAt } from '../test/render';
import { detectLang, matchLang, switchLanguage } from './i18n';

describe('language', () => {
  afterEach(() => switchLanguage('en'));

  it('is the stored choice, else the browser language, else Vietnamese', () => {
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
    vi.restoreAllMocks();
  });

  it('switches from the header and is remembered', async () => {
    fakeApi({});
    openAt('/s/');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'vi');
    expect(
      await within(screen.getByRole('navigation')).findByRole('link', { name: 'Đơn hàng của tôi' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('sf.lang')).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });
});
