import { LANGUAGES } from '@dropdesk/contract/constants';
import { formatNumber } from '@dropdesk/web-kit/format';
import { describe, expect, it } from 'vitest';
import { amountIn, numberStyleOf, writeAmount, writeNumber } from './amount';

/** Two-decimal currencies a deployment may set (CURRENCY), with the symbol the server derives. */
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CNY',
  'THB',
  'TRY',
  'AUD',
  'CAD',
  'SGD',
  'HKD',
  'PHP',
  'MYR',
  'INR',
].map((code) => ({
  code,
  symbol:
    new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? code,
}));
const WIRES = [
  '0.00',
  '0.05',
  '1.00',
  '12.30',
  '999.99',
  '1000.00',
  '1234.50',
  '99999.99',
  '1234567.89',
  '-5.00',
  '-1234.50',
];
const COUNTS = [0, 1, 12, 999, 1000, 1234, 12345, 999999, 1234567];

describe('writing numbers without Intl (the Home page)', () => {
  it.each(LANGUAGES)('writes every amount as amountIn does, in %s, for every currency and none', (lang) => {
    const style = numberStyleOf(lang);
    for (const currency of [null, ...CURRENCIES])
      for (const wire of WIRES)
        expect(writeAmount(wire, style, currency), `${currency?.code} ${wire}`).toBe(
          amountIn(wire, lang, currency),
        );
  });

  it.each(LANGUAGES)('writes counts and one-decimal ratings as Intl does, in %s', (lang) => {
    const style = numberStyleOf(lang);
    for (const n of COUNTS) expect(writeNumber(n, style)).toBe(formatNumber(n, lang));
    const oneDecimal = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const v of ['4.5', '3.0', '5.0']) expect(writeNumber(v, style)).toBe(oneDecimal.format(Number(v)));
  });
});
