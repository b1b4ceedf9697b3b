import type { WithdrawalItem } from '@dropdesk/contract/wallet';
import { type DurationParts, durationParts, readPayoutClock } from '@dropdesk/web-kit/payout-clock';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** "45 min", "5 h 12 min", "3 h", "2 d 4 h", "less than a minute": the console's short units. */
function useDuration() {
  const { t } = useTranslation();
  return (parts: DurationParts): string => {
    switch (parts.unit) {
      case 'lessThanMinute':
        return t('queues.spanUnderMinute');
      case 'minutes':
        return t('queues.spanMinutes', { m: parts.minutes });
      case 'hours':
        return parts.minutes === 0
          ? t('queues.spanHours', { h: parts.hours })
          : t('queues.spanHoursMinutes', { h: parts.hours, m: parts.minutes });
      case 'days':
        return parts.hours === 0
          ? t('queues.spanDays', { d: parts.days })
          : t('queues.spanDaysHours', { d: parts.days, h: parts.hours });
    }
  };
}

/**
 * A pending withdrawal's clock (docs/wallet.md "The payout clock", read as the merchant app reads
 * it): the time left until its promise runs out ("Due in 5 h 12 min"), or, past it, a red "Late by
 * 2 h 5 min". `now` is the screen's clock (lib/clock.ts `useNow`), so every row reads the same moment.
 */
export function PayoutClock({
  withdrawal,
  now,
}: {
  withdrawal: Pick<WithdrawalItem, 'status' | 'due_at' | 'resolved_at' | 'paid_within'>;
  now: number;
}) {
  const { t } = useTranslation();
  const duration = useDuration();
  const reading = readPayoutClock(withdrawal, now);
  if (reading?.state === 'late')
    return (
      <Tag color="red" style={{ marginInlineEnd: 0 }}>
        {t('queues.lateBy', { time: duration(durationParts(reading.ms)) })}
      </Tag>
    );
  if (reading?.state === 'left')
    return (
      <Typography.Text type="secondary">
        {t('queues.dueIn', { time: duration(durationParts(reading.ms)) })}
      </Typography.Text>
    );
  return null;
}
