import { LANGUAGES } from '@dropdesk/contract/constants';
import {
  ERROR_KEYS,
  FIELD_MESSAGE_KEYS,
  REASON_MESSAGE_KEYS,
  STATEMENT_MESSAGE_KEYS,
} from '@dropdesk/contract/errors';
import { describe, expect, it } from 'vitest';
import { catalogues, pickLang, t } from './t';

const KEYS = ['OK', ...ERROR_KEYS, ...FIELD_MESSAGE_KEYS, ...REASON_MESSAGE_KEYS, ...STATEMENT_MESSAGE_KEYS];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it.each(LANGUAGES)('%s has a non-empty message for every key and nothing else', (lang) => {
    const catalogue = catalogues[lang];
    for (const key of KEYS) expect(catalogue[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    expect(Object.keys(catalogue).filter((k) => !KEYS.includes(k))).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same placeholders as English', (lang) => {
    for (const key of KEYS) {
      expect(placeholders(catalogues[lang][key] ?? ''), `${lang} ${key}`).toEqual(
        placeholders(catalogues.en[key] ?? ''),
      );
    }
  });

  it('leaves no English in another language (apart from names and codes)', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const same = KEYS.filter((k) => catalogues[lang][k] === catalogues.en[k]);
      expect(same, lang).toEqual([]);
    }
  });

  it('keeps the specification texts in English', () => {
    expect(t('en', 'SHOP_CLOSED')).toBe('The store is closed, please contact customer service');
    expect(t('en', 'PASSWORDS_DO_NOT_MATCH')).toBe('Passwords entered do not match');
    expect(t('en', 'UNAUTHORIZED')).toBe('Please log in first');
    expect(t('en', 'PAY_PASSWORD_REQUIRED')).toBe('Please enter the payment password');
    expect(t('en', 'ACCOUNT_REQUIRED')).toBe('Please enter phone number or email');
  });

  it('falls back to vi for a missing or unknown lang header', () => {
    expect(pickLang(undefined)).toBe('vi');
    expect(pickLang('fr')).toBe('vi');
    expect(pickLang('zh-CN')).toBe('zh-CN');
    expect(t('en', 'WRONG_PAY_PASSWORD', { attempts_left: 3 })).toBe(
      'Incorrect payment password, 3 attempts left',
    );
  });
});
