import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './constants';
import { applyBps, formatMoney, parseMoney } from './money';
import { moneyIn } from './money-fields';

describe('money', () => {
  it('parses wire amounts to minor units, strictly', () => {
    expect(parseMoney('100')).toBe(10_000);
    expect(parseMoney('100.5')).toBe(10_050);
    expect(parseMoney('0.01')).toBe(1);
    expect(parseMoney('0')).toBe(0);
    for (const bad of ['', '-1', '1.001', '1e5', 'NaN', ' 1', '01', '1,5', '.5', '1.', 'Infinity', '0x10']) {
      expect(parseMoney(bad), bad).toBeNull();
    }
  });

  it('formats minor units with two places', () => {
    expect(formatMoney(12_345)).toBe('123.45');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(() => formatMoney(0.5)).toThrow();
  });

  it('rounds basis points half-up, at the edges', () => {
    expect(applyBps(10_000, 250)).toBe(250); // 2.5% of 100.00
    expect(applyBps(1, 5_000)).toBe(1); // 0.005 → 0.01 (half-up)
    expect(applyBps(1, 4_999)).toBe(0);
    expect(applyBps(199, 2_500)).toBe(50); // 49.75 → 50
    expect(applyBps(-199, 2_500)).toBe(-50);
    expect(applyBps(0, 9_999)).toBe(0);
    expect(() => applyBps(Number.MAX_SAFE_INTEGER, 10_000)).toThrow();
  });

  it('refuses amounts above the cap and non-amounts through the schema', () => {
    expect(moneyIn.safeParse('100.00').data).toBe(10_000);
    expect(moneyIn.safeParse('1000000000.01').success).toBe(false);
    expect(moneyIn.safeParse(100).success).toBe(false);
  });

  /** The message key of the first issue moneyIn raises for `input`, and the issue's params. */
  const problem = (input: unknown) => {
    const result = moneyIn.safeParse(input);
    if (result.success) return null;
    const issue = result.error.issues[0]!;
    return { key: issue.message, params: 'params' in issue ? issue.params : undefined };
  };

  it('names what is wrong with an amount, one key per problem', () => {
    for (const input of ['abc', '1e5', 'NaN', 'Infinity', '0x10', '1,5', '12abc', '--5', '.5', '1.'])
      expect(problem(input)?.key, input).toBe('FIELD_NOT_A_NUMBER');
    for (const input of ['-50', '-0.01', ' -100.5 ', '-1.001'])
      expect(problem(input)?.key, input).toBe('FIELD_NEGATIVE');
    const max = { max: formatMoney(MAX_AMOUNT_MINOR) };
    for (const input of ['100000000000000', '1000000000.01', '99999999999999999999', '100000000000000.5'])
      expect(problem(input), input).toEqual({ key: 'FIELD_AMOUNT_TOO_BIG', params: max });
    for (const input of ['100.001', '0.125', '1.0000'])
      expect(problem(input)?.key, input).toBe('FIELD_MONEY');
    for (const input of ['', '   ', undefined])
      expect(problem(input)?.key, String(input)).toBe('FIELD_REQUIRED');
    for (const input of [100, -50, null, {}])
      expect(problem(input)?.key, String(input)).toBe('FIELD_INVALID');
    // Still accepted: what parseMoney reads.
    expect(moneyIn.safeParse(' 100.5 ').data).toBe(10_050);
    expect(moneyIn.safeParse('1000000000.00').data).toBe(MAX_AMOUNT_MINOR);
  });
});
