import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatToken, tokenToMinor } from './amounts';

describe('token amounts in cents, never through a float', () => {
  it.each([
    [100_000_000n, 6, 10_000n, '100.00'],
    [100_123_456n, 6, 10_012n, '100.123456'],
    [1n, 6, 0n, '0.000001'],
    [9_999n, 6, 0n, '0.009999'],
    [10_000n, 6, 1n, '0.01'],
    [10n ** 18n * 250n, 18, 25_000n, '250.00'],
    [12_345n, 2, 12_345n, '123.45'],
    [7n, 0, 700n, '7.00'],
    [15n, 1, 150n, '1.50'],
  ])('%s at %s decimals is %s cents, written %s', (value, decimals, cents, written) => {
    expect(tokenToMinor(value, decimals)).toBe(cents);
    expect(formatToken(value, decimals)).toBe(written);
  });

  it('a USDT amount far beyond a float’s 2^53 stays exact', () => {
    const value = 123_456_789_012_345_678_901n;
    expect(tokenToMinor(value, 6)).toBe(12_345_678_901_234_567n);
    expect(formatToken(value, 6)).toBe('123456789012345.678901');
  });

  it('cuts down, by less than a cent, for any amount and decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 24 }),
        (value, decimals) => {
          const cents = tokenToMinor(value, decimals);
          // cents/100 <= value/10^decimals < (cents+1)/100, in integers
          const scale = 10n ** BigInt(decimals);
          expect(cents * scale <= value * 100n).toBe(true);
          expect(value * 100n < (cents + 1n) * scale).toBe(true);
          // the written form reads back to the same value
          const [whole, fraction = ''] = formatToken(value, decimals).split('.');
          const back =
            BigInt(whole ?? '0') * scale + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
          expect(back).toBe(value);
        },
      ),
    );
  });

  it('refuses a negative amount (a Transfer value is unsigned)', () => {
    expect(() => tokenToMinor(-1n, 6)).toThrow();
  });
});
