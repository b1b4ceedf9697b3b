/**
 * Calendar days in a merchant's time zone, computed in JS with Intl (the database stores epoch ms
 * and is never asked about dates). A day is [local midnight, next local midnight).
 */

export interface LocalDay {
  y: number;
  m: number;
  d: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone if Intl knows it, UTC otherwise. */
export function validZone(timeZone: string): string {
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function wallClock(ms: number, timeZone: string) {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far the zone's wall clock is ahead of UTC at instant `ms` (ms, whole seconds). */
export function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

export function localDay(ms: number, timeZone: string): LocalDay {
  const w = wallClock(ms, timeZone);
  return { y: w.year, m: w.month, d: w.day };
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: LocalDay, n: number): LocalDay {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The instant the local day starts (two passes settle a DST change on that day). */
export function startOf(day: LocalDay, timeZone: string): number {
  const guess = Date.UTC(day.y, day.m - 1, day.d);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

export function dayKey(day: LocalDay): string {
  return `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
}

/** Monday of the ISO week that holds `day`. */
export function mondayOf(day: LocalDay): LocalDay {
  const weekday = new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * A period of the finance report (contract REPORT_RANGES) in the merchant's calendar: its days from
 * `first` to `last` (the daily series; for `all`, the last ALL_RANGE_SERIES_DAYS days), and the
 * instants it covers, [from, to) — `from` null for all time, `to` the start of the day after `last`
 * (nothing is recorded after now). The finance report, the funds records' and the order list's
 * period filters all cut here, so a figure and the list behind it cover the same instants.
 */
export interface Period {
  first: LocalDay;
  last: LocalDay;
  from: number | null;
  to: number;
}

export function periodOf(
  range: 'all' | 'yesterday' | 'today' | 'week' | 'month',
  timeZone: string,
  now: number,
  seriesDays: number,
): Period {
  const today = localDay(now, timeZone);
  let first: LocalDay;
  let last = today;
  switch (range) {
    case 'today':
      first = today;
      break;
    case 'yesterday':
      first = addDays(today, -1);
      last = first;
      break;
    case 'week':
      first = mondayOf(today);
      break;
    case 'month':
      first = { ...today, d: 1 };
      break;
    default:
      first = addDays(today, -(seriesDays - 1));
  }
  return {
    first,
    last,
    from: range === 'all' ? null : startOf(first, timeZone),
    to: startOf(addDays(last, 1), timeZone),
  };
}
