import { describe, expect, it } from 'vitest';
import { durationParts, readPayoutClock } from './payout-clock';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DUE = '2026-11-23T10:00:00.000Z';
const due = Date.parse(DUE);

const pending = { status: 'pending', due_at: DUE, resolved_at: null, paid_within: null } as const;

describe('a withdrawal against its promise', () => {
  it('pending: the time left until due, late from the first moment past it', () => {
    expect(readPayoutClock(pending, due - HOUR)).toEqual({ state: 'left', ms: HOUR });
    // Due now is not late yet (late = past due_at).
    expect(readPayoutClock(pending, due)).toEqual({ state: 'left', ms: 0 });
    expect(readPayoutClock(pending, due + 1)).toEqual({ state: 'late', ms: 1 });
  });

  it('paid: within, or how long after due it was paid', () => {
    const approved = { ...pending, status: 'approved' } as const;
    expect(
      readPayoutClock(
        { ...approved, resolved_at: '2026-11-23T09:00:00.000Z', paid_within: true },
        due + HOUR,
      ),
    ).toEqual({ state: 'paidWithin' });
    expect(
      readPayoutClock({ ...approved, resolved_at: '2026-11-23T13:10:00.000Z', paid_within: false }, due),
    ).toEqual({ state: 'paidLate', ms: 3 * HOUR + 10 * MIN });
  });

  it('nothing to say: rejected, cancelled, or a paid one the server has not judged', () => {
    const resolved = '2026-11-24T10:00:00.000Z';
    expect(
      readPayoutClock({ ...pending, status: 'rejected', resolved_at: resolved }, due + 48 * HOUR),
    ).toBeNull();
    expect(
      readPayoutClock({ ...pending, status: 'cancelled', resolved_at: resolved }, due + 48 * HOUR),
    ).toBeNull();
    expect(readPayoutClock({ ...pending, status: 'approved', resolved_at: resolved }, due)).toBeNull();
  });
});

describe('a duration as a person reads it', () => {
  it('under a minute: nothing to count', () => {
    expect(durationParts(0)).toEqual({ unit: 'lessThanMinute' });
    expect(durationParts(MIN - 1)).toEqual({ unit: 'lessThanMinute' });
  });

  it('whole minutes, then hours and minutes, rounded down', () => {
    expect(durationParts(MIN)).toEqual({ unit: 'minutes', minutes: 1 });
    expect(durationParts(HOUR - 1)).toEqual({ unit: 'minutes', minutes: 59 });
    expect(durationParts(HOUR)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(durationParts(5 * HOUR + 12 * MIN + 59_999)).toEqual({ unit: 'hours', hours: 5, minutes: 12 });
    expect(durationParts(24 * HOUR - 1)).toEqual({ unit: 'hours', hours: 23, minutes: 59 });
  });

  it('from a day on, days and hours', () => {
    expect(durationParts(24 * HOUR)).toEqual({ unit: 'days', days: 1, hours: 0 });
    expect(durationParts(51 * HOUR + 59 * MIN)).toEqual({ unit: 'days', days: 2, hours: 3 });
  });
});
