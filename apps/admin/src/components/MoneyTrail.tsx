import type { moneyTrail } from '@dropdesk/contract/orders';
import Descriptions from 'antd/es/descriptions';
import Steps from 'antd/es/steps';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate, formatMoney } from '../lib/format';

type Trail = z.infer<typeof moneyTrail>;

/** Where an order's money is, from its journals: paid, held, cost, refunded, settled, profit. */
export function MoneyTrail({ money }: { money: Trail }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3} bordered title={t('orders.moneyTrail')}>
      <Descriptions.Item label={t('orders.paid')}>
        {formatMoney(money.paid)} {money.paid_at && <small>({formatDate(money.paid_at)})</small>}
      </Descriptions.Item>
      <Descriptions.Item label={t('orders.inEscrow')}>{formatMoney(money.in_escrow)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.refunded')}>{formatMoney(money.refunded)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.costPaid')}>{formatMoney(money.cost_paid)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.costReturned')}>
        {formatMoney(money.cost_returned)}
      </Descriptions.Item>
      <Descriptions.Item label={t('orders.settled')}>
        {formatMoney(money.settled)} {money.settled_at && <small>({formatDate(money.settled_at)})</small>}
      </Descriptions.Item>
      <Descriptions.Item label={money.settled_at ? t('orders.profit') : t('orders.expectedProfit')}>
        {formatMoney(money.profit)}
      </Descriptions.Item>
      <Descriptions.Item label={t('orders.settlesAt')} span={2}>
        {formatDate(money.settles_at)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The statuses an order reached, oldest first, with the shipping notes. */
export function OrderTimeline({
  events,
  statusName,
}: {
  events: { status: number; at: string; note: string | null }[];
  statusName: (s: number) => string;
}) {
  return (
    <Steps
      direction="vertical"
      size="small"
      current={events.length - 1}
      items={events.map((e) => ({
        title: statusName(e.status),
        description: `${formatDate(e.at)}${e.note ? ` — ${e.note}` : ''}`,
      }))}
    />
  );
}
