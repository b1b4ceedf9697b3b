import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from './constants';

/**
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

/** A wire amount: a string like "100" or "100.5" or "100.50", parsed to minor units. */
export const moneyIn = z
  .string({ error: 'FIELD_MONEY' })
  .trim()
  .transform((text, ctx) => {
    const minor = parseMoney(text);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: 'FIELD_MONEY' });
      return z.NEVER;
    }
    if (minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: 'custom', message: 'FIELD_TOO_BIG' });
      return z.NEVER;
    }
    return minor;
  });

/** An amount on the way out. */
export const moneyOut = z.string().regex(/^-?\d+\.\d{2}$/);
