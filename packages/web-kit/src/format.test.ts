import { describe, expect, it } from 'vitest';
import {
  amountIn,
  countryName,
  formatAge,
  formatBps,
  formatCountdown,
  formatDate,
  formatNumber,
} from './format';

const USD = { code: 'USD', symbol: '$' };

describe('the formatters', () => {
  it('write an amount with the currency where the language puts it, or the number alone', () => {
    expect(amountIn('1234.5', 'en', USD)).toBe('$1,234.50');
    expect(amountIn('1234.50', 'vi', USD)).toBe('1.234,50\u00a0$');
    expect(amountIn('-5.00', 'en', USD)).toBe('-$5.00');
    expect(amountIn('1234.50', 'en', null)).toBe('1,234.50');
    // A code Intl does not know: the number, then the platform's sign.
    expect(amountIn('1.00', 'en', { code: 'not-a-code', symbol: '¤' })).toBe('1.00 ¤');
  });

  it('write numbers and basis points in the language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'vi')).toBe('1.234.567');
    expect(formatBps(150, 'en')).toBe('1.5%');
  });

  it('write a time, and give back what it cannot read', () => {
    const iso = '2026-03-12T14:05:00Z';
    expect(formatDate(iso, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatDate(iso, 'en', false)).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso)),
    );
    expect(formatDate('not a time', 'en')).toBe('not a time');
  });

  it('write an age in minutes, hours, then days', () => {
    const now = Date.parse('2026-03-12T14:05:00Z');
    expect(formatAge('2026-03-12T14:00:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatAge('2026-03-12T11:05:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatAge('2026-03-09T14:05:00Z', 'en', now)).toBe('3 days ago');
  });

  it('write a countdown and a country', () => {
    expect(formatCountdown(725_000)).toBe('12:05');
    expect(formatCountdown(-1)).toBe('0:00');
    expect(countryName('VN', 'en')).toBe('Vietnam');
    expect(countryName('??', 'en')).toBe('??');
  });
});
