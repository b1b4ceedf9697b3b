import { describe, expect, it } from 'vitest';
import { amountIn } from './amount';

const USD = { code: 'USD', symbol: '$' };

describe('amountIn', () => {
  it('writes an amount with the platform’s sign where the reader’s language puts it', () => {
    expect(amountIn('1234.5', 'en', USD)).toBe('$1,234.50');
    expect(amountIn('1234.50', 'vi', USD)).toBe('1.234,50\u00a0$');
    expect(amountIn('1234.50', 'th', USD)).toBe('$1,234.50');
    expect(amountIn('1234.50', 'tr', USD)).toBe('$1.234,50');
    expect(amountIn('0.05', 'zh-CN', USD)).toBe('$0.05');
  });

  it('keeps the sign of a negative amount and every cent of a large one (no float on the way)', () => {
    expect(amountIn('-5.00', 'en', USD)).toBe('-$5.00');
    expect(amountIn('9007199254740993.01', 'en', USD)).toBe('$9,007,199,254,740,993.01');
  });

  it('uses the platform’s own symbol, not Intl’s', () => {
    expect(amountIn('10.00', 'en', { code: 'EUR', symbol: 'EUR ' })).toBe('EUR 10.00');
    expect(amountIn('10.00', 'en', { code: 'USD', symbol: 'US$' })).toBe('US$10.00');
  });

  it('writes the number alone before the currency is known, and the symbol after it for a code Intl refuses', () => {
    expect(amountIn('1234.5', 'en', null)).toBe('1,234.50');
    expect(amountIn('1234.5', 'en', { code: 'usd!', symbol: '¤' })).toBe('1,234.50 ¤');
  });
});
