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

/**
 * How a language writes Home's days and hours, read from Intl once (at build time for the Home
 * page, src/prerender.tsx): the patterns of `shortDay` and `longDay` with the names they use, and
 * the 24 hour labels. `writeShortDay`, `writeLongDay` and `writeHour` then write exactly what those
 * functions write without making an Intl object in the browser: the first Intl format costs a phone
 * tens of milliseconds while the locale's data loads. `dates.test.ts` holds them to Intl's output
 * for every day of a year in every language.
 */
export interface DateStyle {
  short: DatePart[];
  long: DatePart[];
  shortMonths: string[];
  longMonths: string[];
  weekdays: string[];
  hours: string[];
  /** What the language's calendar adds to the Gregorian year (th: the Buddhist era, +543). */
  yearOffset: number;
}
type DatePart = string | { field: 'year' | 'month' | 'day' | 'weekday' };

const SHORT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const LONG: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
};

function patternOf(lang: Lang, options: Intl.DateTimeFormatOptions): DatePart[] {
  return format(lang, options)
    .formatToParts(new Date(Date.UTC(2026, 10, 22)))
    .map((p) =>
      p.type === 'year' || p.type === 'month' || p.type === 'day' || p.type === 'weekday'
        ? { field: p.type }
        : p.value,
    );
}

function namesOf(lang: Lang, options: Intl.DateTimeFormatOptions, field: 'month' | 'weekday', count: number) {
  // 2026-01-04 is a Sunday: day i of the run is weekday i, month i starts on the 1st.
  return Array.from({ length: count }, (_, i) => {
    const date = field === 'month' ? new Date(Date.UTC(2026, i, 1)) : new Date(Date.UTC(2026, 0, 4 + i));
    return (
      format(lang, options)
        .formatToParts(date)
        .find((p) => p.type === field)?.value ?? ''
    );
  });
}

export function dateStyleOf(lang: Lang): DateStyle {
  return {
    short: patternOf(lang, SHORT),
    long: patternOf(lang, LONG),
    shortMonths: namesOf(lang, SHORT, 'month', 12),
    longMonths: namesOf(lang, LONG, 'month', 12),
    weekdays: namesOf(lang, LONG, 'weekday', 7),
    hours: Array.from({ length: 24 }, (_, h) => hourLabel(`${String(h).padStart(2, '0')}:00`, lang)),
    yearOffset:
      Number(
        format(lang, LONG)
          .formatToParts(new Date(Date.UTC(2026, 10, 22)))
          .find((p) => p.type === 'year')?.value ?? 2026,
      ) - 2026,
  };
}

function write(style: DateStyle, pattern: DatePart[], date: string, months: string[]): string {
  const day = dayDate(date);
  const weekdays = style.weekdays;
  return pattern
    .map((p) => {
      if (typeof p === 'string') return p;
      if (p.field === 'year') return String(day.getUTCFullYear() + style.yearOffset);
      if (p.field === 'month') return months[day.getUTCMonth()] ?? '';
      if (p.field === 'day') return String(day.getUTCDate());
      return weekdays[day.getUTCDay()] ?? '';
    })
    .join('');
}

/** `shortDay` from a DateStyle. */
export const writeShortDay = (date: string, style: DateStyle) =>
  write(style, style.short, date, style.shortMonths);

/** `longDay` from a DateStyle. */
export const writeLongDay = (date: string, style: DateStyle) =>
  write(style, style.long, date, style.longMonths);

/** `pointLabel` from a DateStyle: an hour of today ("09:00") or a day. */
export function writePointLabel(label: string, style: DateStyle): string {
  if (!/^\d{2}:\d{2}$/.test(label)) return writeShortDay(label, style);
  const h = Number(label.slice(0, 2));
  return style.hours[h] ?? label;
}
