import { LANGUAGES } from '@dropdesk/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  dateStyleOf,
  longDay,
  pointLabel,
  shortDay,
  writeLongDay,
  writePointLabel,
  writeShortDay,
} from './dates';

/** Every day of 2026 and of a leap year's February, as the dashboard sends days. */
const DAYS = [
  ...Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)),
  '2028-02-29',
  '2031-12-31',
];

describe('writing days and hours without Intl (the Home page)', () => {
  it.each(LANGUAGES)('writes every day and hour as Intl does, in %s', (lang) => {
    const style = dateStyleOf(lang);
    for (const day of DAYS) {
      expect(writeShortDay(day, style), day).toBe(shortDay(day, lang));
      expect(writeLongDay(day, style), day).toBe(longDay(day, lang));
      expect(writePointLabel(day, style), day).toBe(pointLabel(day, lang));
    }
    for (let h = 0; h < 24; h++) {
      const label = `${String(h).padStart(2, '0')}:00`;
      expect(writePointLabel(label, style), label).toBe(pointLabel(label, lang));
    }
  });
});
