import type { Lang } from '@dropdesk/contract/constants';

/**
 * The dashboard's days are calendar days of the merchant's zone ("2026-11-22"), its hours "09:00":
 * written as that day or hour (formatted in UTC, so the reader's own zone shifts nothing).
 */
function dayDate(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f;
}

/** "Nov 22" (en), "22 thg 11" (vi). */
export const shortDay = (date: string, lang: Lang) =>
  format(lang, { month: 'short', day: 'numeric' }).format(dayDate(date));

/** "Sun, Nov 22, 2026": a day in full, for lists and the order list's chip. */
export const longDay = (date: string, lang: Lang) =>
  format(lang, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }).format(dayDate(date));

/** "09:00" → "9 AM" (en), "09" (ko: "오전 9시")... as the reader's language writes an hour. */
export function hourLabel(label: string, lang: Lang): string {
  const h = Number(label.slice(0, 2));
  if (!Number.isInteger(h) || h < 0 || h > 23) return label;
  return format(lang, { hour: 'numeric' }).format(new Date(Date.UTC(2000, 0, 1, h)));
}

/** A point's label on the curve: an hour of today or a day. */
export const pointLabel = (label: string, lang: Lang) =>
  /^\d{2}:\d{2}$/.test(label) ? hourLabel(label, lang) : shortDay(label, lang);
