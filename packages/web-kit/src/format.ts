import type { Lang } from '@dropdesk/contract/constants';

/**
 * Locale-aware writing of numbers, amounts and times, the same in every app. No i18next and no
 * React: the language is an argument (each app passes its current one; the console's lib/format.ts
 * defaults it), so the merchant app's own pages (/home) write with it too. Money arrives as a
 * decimal string ("1234.50") and is never turned into a float.
 */

/**
 * A wire amount with the platform's currency where the reader's language puts it ("$1,234.50" in
 * en, "1.234,50 $" in vi); without a currency (not known yet), the number with two decimals. The
 * one money rule of the merchant app and the console (packages/contract/src/amount.ts).
 */
export { amountIn } from '@dropdesk/contract/amount';

type Format = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const cache = new Map<string, Format>();

/** One Intl format per language and use: making one costs a phone milliseconds. */
function cached<T extends Format>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function formatNumber(value: number, lang: Lang): string {
  return cached(`n|${lang}`, () => new Intl.NumberFormat(lang)).format(value);
}

/** Basis points as a percentage: 150 → "1.5%". */
export function formatBps(bps: number, lang: Lang): string {
  const f = cached(
    `p|${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }),
  );
  return f.format(bps / 10_000);
}

/** An ISO time from the server in the reader's language and time zone ("12 Mar 2026, 14:05"); unreadable, as it came. */
export function formatDate(iso: string, lang: Lang, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const f = cached(
    `d|${lang}|${withTime}`,
    () =>
      new Intl.DateTimeFormat(
        lang,
        withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
      ),
  );
  return f.format(date);
}

/** How long ago: "3 hours ago", "2 days ago" (minutes under an hour, hours under two days). */
export function formatAge(iso: string, lang: Lang, now = Date.now()): string {
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

/** A country's name in the reader's language ("VN" → "Việt Nam" / "Vietnam" / "越南"). */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
