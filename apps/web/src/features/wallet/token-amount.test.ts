import { describe, expect, it } from 'vitest';
import { formatTokenAmount, sameAmount } from './token-amount';

describe('an exact token amount', () => {
  it('keeps every decimal, written the reader’s way', () => {
    expect(formatTokenAmount('1234.123456', 'en')).toBe('1,234.123456');
    expect(formatTokenAmount('1234.123456', 'vi')).toBe('1.234,123456');
    // Past a float's precision, nothing is rounded.
    expect(formatTokenAmount('90071992547409.999999', 'en')).toBe('90,071,992,547,409.999999');
  });

  it('drops trailing zeros, and the mark with no decimals left', () => {
    expect(formatTokenAmount('100.500000', 'en')).toBe('100.5');
    expect(formatTokenAmount('100.000000', 'en')).toBe('100');
    expect(formatTokenAmount('100', 'tr')).toBe('100');
  });

  it('anything else is shown as it came', () => {
    expect(formatTokenAmount('1e5', 'en')).toBe('1e5');
  });

  it('is the same amount as a wire amount when only zeros differ', () => {
    expect(sameAmount('100.100000', '100.10')).toBe(true);
    expect(sameAmount('100', '100.00')).toBe(true);
    expect(sameAmount('100.123456', '100.12')).toBe(false);
    expect(sameAmount('99.999999', '99.99')).toBe(false);
  });
});
