import type { WithdrawalItem } from '@dropdesk/contract/wallet';

/**
 * A withdrawal against the platform's promise (docs/wallet.md "The payout clock"), read the same way
 * by the merchant app (its records) and the console (the withdrawal queue): no i18next and no React,
 * each app words the reading in its own keys and reads `now` from its own clock.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Where a withdrawal stands against its promise: pending with `ms` left until `due_at`; pending and
 * late by `ms` (late = pending past `due_at`); paid within the promise; paid `ms` after it. Null:
 * nothing to say (rejected, cancelled, or a paid one the server has not judged).
 */
export type ClockReading =
  | { state: 'left'; ms: number }
  | { state: 'late'; ms: number }
  | { state: 'paidWithin' }
  | { state: 'paidLate'; ms: number }
  | null;

type ClockFields = Pick<WithdrawalItem, 'status' | 'due_at' | 'resolved_at' | 'paid_within'>;

export function readPayoutClock(row: ClockFields, now: number): ClockReading {
  const due = Date.parse(row.due_at);
  if (Number.isNaN(due)) return null;
  if (row.status === 'pending')
    return now > due ? { state: 'late', ms: now - due } : { state: 'left', ms: due - now };
  if (row.status !== 'approved' || row.paid_within === null) return null;
  if (row.paid_within) return { state: 'paidWithin' };
  const paid = row.resolved_at === null ? Number.NaN : Date.parse(row.resolved_at);
  return Number.isNaN(paid) ? null : { state: 'paidLate', ms: Math.max(0, paid - due) };
}

/**
 * A duration cut to what a person reads, whole units rounded down: under a minute, nothing to count;
 * under an hour, minutes; under a day, hours and minutes; from a day on, days and hours (a minute
 * more or less no longer matters). A zero part is for the words to leave out ("3 h", not "3 h 0 min").
 */
export type DurationParts =
  | { unit: 'lessThanMinute' }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number; hours: number };

export function durationParts(ms: number): DurationParts {
  if (ms < MINUTE_MS) return { unit: 'lessThanMinute' };
  if (ms < HOUR_MS) return { unit: 'minutes', minutes: Math.floor(ms / MINUTE_MS) };
  if (ms < DAY_MS)
    return {
      unit: 'hours',
      hours: Math.floor(ms / HOUR_MS),
      minutes: Math.floor((ms % HOUR_MS) / MINUTE_MS),
    };
  return { unit: 'days', days: Math.floor(ms / DAY_MS), hours: Math.floor((ms % DAY_MS) / HOUR_MS) };
}
