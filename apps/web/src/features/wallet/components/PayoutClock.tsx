import type { WithdrawalItem } from '@dropdesk/contract/wallet';
import { type DurationParts, durationParts, readPayoutClock } from '@dropdesk/web-kit/payout-clock';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceLink } from '../../../components/ServiceLink';
import styles from './payout-clock.module.css';

/** How often a pending withdrawal's clock is read again: its minutes never lag by more. */
export const CLOCK_TICK_MS = 30_000;

/** Now, read again every `everyMs` while `running` (a paid withdrawal's clock has stopped). */
function useNow(everyMs: number, running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}

/**
 * A duration in the reader's words ("5 h 12 min", "2 days 3 h", "less than a minute"): each unit is
 * a plural key, and the pair keys put the two units in the language's order and spacing.
 */
function useDuration() {
  const { t } = useTranslation();
  return (parts: DurationParts): string => {
    switch (parts.unit) {
      case 'lessThanMinute':
        return t('wallet.clock.lessThanMinute');
      case 'minutes':
        return t('wallet.clock.minutes', { count: parts.minutes });
      case 'hours': {
        const hours = t('wallet.clock.hours', { count: parts.hours });
        return parts.minutes === 0 ? hours : t('wallet.clock.hoursMinutes', { hours, count: parts.minutes });
      }
      case 'days': {
        const days = t('wallet.clock.days', { count: parts.days });
        return parts.hours === 0 ? days : t('wallet.clock.daysHours', { days, count: parts.hours });
      }
    }
  };
}

/**
 * The platform's promise on one withdrawal (docs/wallet.md "The payout clock"), under its row:
 * pending, the promise and the time left, read again every 30 s; late, by how much, in a warning,
 * with the customer-service link; paid, whether within the promise or how long after it. Rejected
 * and cancelled withdrawals have nothing to say.
 */
export function PayoutClock({ row }: { row: WithdrawalItem }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const now = useNow(CLOCK_TICK_MS, row.status === 'pending');
  const reading = readPayoutClock(row, now);
  if (!reading) return null;
  const promise = t('wallet.clock.hours', { count: row.promise_hours });
  switch (reading.state) {
    case 'left':
      return (
        <p className={styles.clock} data-testid="payout-clock" data-state="left">
          {t('wallet.clock.left', { promise, left: duration(durationParts(reading.ms)) })}
        </p>
      );
    case 'late':
      return (
        <div className={styles.late} data-testid="payout-clock" data-state="late">
          <p>{t('wallet.clock.late', { late: duration(durationParts(reading.ms)) })}</p>
          <ServiceLink className={styles.service} />
        </div>
      );
    case 'paidWithin':
      return (
        <p className={styles.clock} data-testid="payout-clock" data-state="paid-within">
          {t('wallet.clock.paidWithin', { promise })}
        </p>
      );
    case 'paidLate':
      return (
        <p className={styles.clock} data-testid="payout-clock" data-state="paid-late">
          {t('wallet.clock.paidLate', { promise, late: duration(durationParts(reading.ms)) })}
        </p>
      );
  }
}
