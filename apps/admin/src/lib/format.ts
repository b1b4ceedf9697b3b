import { amountIn } from '@dropdesk/contract/amount';
import type { Lang } from '@dropdesk/contract/constants';
import { currentLang } from './i18n';
import { session } from './session';

/** Locale-aware formatting in the console's language. Money stays a decimal string, never a float. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/**
 * An amount with the platform's currency, the one way the console writes money: "1234.5" →
 * "$1,234.50" (en), "1.234,50 $" (vi). The currency is the session's (`login/totp` and `me` name
 * it); before the server has named it, the number alone.
 */
export function formatMoney(
  value: string | number,
  lang: Lang = currentLang(),
  currency = session.get().currency,
): string {
  return amountIn(String(value), lang, currency);
}

export function formatNumber(value: number, lang: Lang = currentLang()): string {
  return cached(`n|${lang}`, () => new Intl.NumberFormat(lang)).format(value);
}

/** Basis points as a percentage: 150 → "1.5%". */
export function formatBps(bps: number, lang: Lang = currentLang()): string {
  const f = cached(
    `p|${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }),
  );
  return f.format(bps / 10_000);
}

export function formatDate(iso: string | null | undefined, lang: Lang = currentLang()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const f = cached(
    `d|${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return f.format(date);
}

/** How long ago: "3 hours ago", "2 days ago" (the queues' oldest item). */
export function formatAge(iso: string, now = Date.now(), lang: Lang = currentLang()): string {
  const ms = Math.max(0, now - new Date(iso).getTime());
  const f = cached(`r|${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return f.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return f.format(-hours, 'hour');
  return f.format(-Math.floor(hours / 24), 'day');
}

/** A countdown "12:05" (minutes and seconds). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
