import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBps, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import type { Overview } from '../api/get-overview';

type PromiseKept = Overview['payout_promise'];

/**
 * The share paid within the promise, in whole percents cut down: 199 of 200 reads 99%, so 100%
 * means every one.
 */
export function withinShare({ paid, within }: { paid: number; within: number }): number | null {
  return paid === 0 ? null : Math.floor((within * 100) / paid);
}

/** "12 of 13 (92%)", or that none was paid in the period. */
function Kept({ period }: { period: PromiseKept['days7'] }) {
  const { t } = useTranslation();
  const share = withinShare(period);
  if (share === null) return <Typography.Text type="secondary">{t('overview.nonePaid')}</Typography.Text>;
  return (
    <span>
      {t('overview.withinShare', {
        within: formatNumber(period.within),
        paid: formatNumber(period.paid),
        share: formatBps(share * 100),
      })}
    </span>
  );
}

/**
 * The payout promise kept, for every role: today's promise, the withdrawals pending past theirs now
 * (a link to the queue for the roles that review it; in warning colour while there are any), and
 * of those paid in the last 7 and 30 days, how many within their promise.
 */
export function PayoutPromise({ promise }: { promise: PromiseKept }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { operator } = useSession();
  const late = promise.late_now;
  const lateText = t('overview.lateWithdrawals', { count: late, n: formatNumber(late) });
  return (
    <Card
      size="small"
      title={t('overview.payoutPromise')}
      // The border only: the warning colour on the warning fill reads at 3.8:1, under AA's 4.5.
      style={late > 0 ? { borderColor: token.colorWarning } : undefined}
      data-warning={late > 0 || undefined}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('overview.promiseToday')}>
          {t('overview.paidWithin', { hours: formatNumber(promise.hours) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('overview.lateNow')}>
          {late === 0 ? (
            t('overview.lateNone')
          ) : canUse(operator?.role, adminWalletRoutes.withdrawals) ? (
            <Link to={paths.withdrawals} style={{ color: token.colorWarning, fontWeight: 600 }}>
              {lateText}
            </Link>
          ) : (
            <Typography.Text type="warning" strong>
              {lateText}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('overview.within7')}>
          <Kept period={promise.days7} />
        </Descriptions.Item>
        <Descriptions.Item label={t('overview.within30')}>
          <Kept period={promise.days30} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
