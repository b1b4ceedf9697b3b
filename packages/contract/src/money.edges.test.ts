import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './constants';
import { applyBps, formatMoney, moneyProblem } from './money';
import { moneyIn, moneyOut } from './money-fields';

/**
 * The edges mutation testing found untested: the exact cap, the guards of the one rounding
 * function with their messages, and the wire format of amounts going out.
 */
describe('money at its edges', () => {
  it('takes exactly the cap and refuses one cent more', () => {
    expect(moneyIn.safeParse(formatMoney(MAX_AMOUNT_MINOR)).data).toBe(MAX_AMOUNT_MINOR);
    const over = moneyIn.safeParse(formatMoney(MAX_AMOUNT_MINOR + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('FIELD_AMOUNT_TOO_BIG');
  });

  it('trims what a phone keyboard adds around an amount', () => {
    expect(moneyIn.safeParse(' 12.50 ').data).toBe(1_250);
  });

  it('a missing amount is required, a non-string one invalid', () => {
    expect(moneyIn.safeParse(undefined).error?.issues[0]?.message).toBe('FIELD_REQUIRED');
    expect(moneyIn.safeParse(12).error?.issues[0]?.message).toBe('FIELD_INVALID');
    expect(moneyIn.safeParse(null).error?.issues[0]?.message).toBe('FIELD_INVALID');
  });

  it('applyBps refuses fractions on either side, and overflow, by name', () => {
    expect(() => applyBps(0.5, 100)).toThrow('applyBps needs integers');
    expect(() => applyBps(100, 0.5)).toThrow('applyBps needs integers');
    expect(() => applyBps(Number.MAX_SAFE_INTEGER, 10_000)).toThrow('applyBps overflow');
  });

  it('formatMoney names the value it refuses', () => {
    expect(() => formatMoney(1.5)).toThrow('not a money amount: 1.5');
  });

  it('moneyOut accepts exactly a signed decimal with two places', () => {
    for (const ok of ['0.00', '123.45', '-0.05']) expect(moneyOut.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['x1.00', '1.00x', '1.0', '1', '1.000', '+1.00'])
      expect(moneyOut.safeParse(bad).success, bad).toBe(false);
  });

  it('says why a typed amount is not one, at the edges of each reason', () => {
    const cases: Array<[string, ReturnType<typeof moneyProblem>]> = [
      ['100.5', null],
      ['', 'FIELD_REQUIRED'],
      // Leading zeros are not a size: 16 characters that mean 12.
      ['0000000000000012', 'FIELD_INVALID'],
      ['007', 'FIELD_INVALID'],
      ['007.50', 'FIELD_INVALID'],
      ['007.505', 'FIELD_MONEY'],
      // 14 digits is too large whatever follows; the cap itself with a third decimal is not.
      ['99999999999999', 'FIELD_AMOUNT_TOO_BIG'],
      ['1000000000.001', 'FIELD_MONEY'],
      ['1000000000.011', 'FIELD_AMOUNT_TOO_BIG'],
      ['1000000000.1', 'FIELD_AMOUNT_TOO_BIG'],
      ['1000000001', 'FIELD_AMOUNT_TOO_BIG'],
      ['-0.5', 'FIELD_NEGATIVE'],
      ['1e5', 'FIELD_NOT_A_NUMBER'],
    ];
    for (const [text, problem] of cases) expect(moneyProblem(text), text).toBe(problem);
  });
});
