import { MAX_AMOUNT_MINOR } from './constants';

/**
 * Money's rules, with no dependency: the web's entry imports formatMoney from here, so zod must not
 * come with it (the wire schemas moneyIn and moneyOut are in money-fields.ts).
 *
 * Money is an integer number of minor units (cents) inside, and a decimal string with two places
 * on the wire ("100.00"). Minor units stay far below 2^53 (requests are capped at MAX_AMOUNT_MINOR),
 * so JS numbers hold them exactly; every arithmetic result is checked with Number.isSafeInteger.
 */
export type Minor = number;

const MONEY_RE = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/** Parses "12.3" → 1230. Returns null for anything that is not a plain non-negative amount. */
export function parseMoney(text: string): Minor | null {
  if (!MONEY_RE.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 12345 → "123.45"; -5 → "-0.05". */
export function formatMoney(minor: Minor): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a money amount: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * amount × bps / 10 000, rounded half-up (away from zero for the positive amounts we use).
 * The one place where money is rounded.
 */
export function applyBps(minor: Minor, bps: number): Minor {
  if (!Number.isSafeInteger(minor) || !Number.isSafeInteger(bps))
    throw new RangeError('applyBps needs integers');
  const product = minor * bps;
  if (!Number.isSafeInteger(product)) throw new RangeError('applyBps overflow');
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5_000) / 10_000);
}

/** What is wrong with a typed amount, as a field message key; null when parseMoney reads it. */
export type MoneyProblem =
  | 'FIELD_REQUIRED'
  | 'FIELD_NOT_A_NUMBER'
  | 'FIELD_NEGATIVE'
  | 'FIELD_AMOUNT_TOO_BIG'
  | 'FIELD_MONEY'
  | 'FIELD_INVALID';

/**
 * Why `text` (trimmed) is not an amount, so the message says what to fix: nothing typed, not a
 * number ('abc', '1e5'), negative ('-50'), above MAX_AMOUNT_MINOR, more than two decimals. Checked
 * in that order; a number with leading zeros ('007') is FIELD_INVALID.
 */
export function moneyProblem(text: string): MoneyProblem | null {
  if (text === '') return 'FIELD_REQUIRED';
  const minor = parseMoney(text);
  if (minor !== null) return minor > MAX_AMOUNT_MINOR ? 'FIELD_AMOUNT_TOO_BIG' : null;
  const decimal = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!decimal) return 'FIELD_NOT_A_NUMBER';
  const [, sign, whole = '', frac = ''] = decimal;
  if (sign) return 'FIELD_NEGATIVE';
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 13 || Number(`${digits}.${frac.slice(0, 2).padEnd(2, '0')}`) * 100 > MAX_AMOUNT_MINOR)
    return 'FIELD_AMOUNT_TOO_BIG';
  if (frac.length > 2) return 'FIELD_MONEY';
  return 'FIELD_INVALID';
}
