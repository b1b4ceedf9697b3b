import type { Lang } from '@dropdesk/contract/constants';

const dates = new Map<string, Intl.DateTimeFormat>();

/** An ISO time from the server, in the reader's language and time zone ("12 Mar 2026, 14:05"). */
export function formatTime(iso: string, lang: Lang): string {
  let f = dates.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    dates.set(lang, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : f.format(d);
}
