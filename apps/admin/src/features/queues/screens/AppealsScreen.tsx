import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyTrail } from '../../../components/MoneyTrail';
import { useOrderStatusName } from '../../../components/order-status';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { arbitrate, useDecision } from '../api/decide';
import { type AppealRow, useAppealQueue } from '../api/get-appeals';
import { decide } from '../components/decide';
import { Money } from '../components/Money';
import { QueueFrame } from '../components/QueueFrame';
import { ReasonModal } from '../components/ReasonModal';
import { useAppealReasons } from '../components/reasons';

/** Refund appeals: both sides' statements and the order's money trail; refund the buyer or uphold. */
export default function AppealsScreen() {
  const { t } = useTranslation();
  const queue = useAppealQueue();
  const decision = useDecision(arbitrate);
  const [deciding, setDeciding] = useState<{
    item: AppealRow;
    done: () => void;
    decision: 'refund' | 'reject';
  } | null>(null);
  const presets = useAppealReasons();
  const statusName = useOrderStatusName();
  return (
    <>
      <QueueFrame<AppealRow>
        title={t('routes.appeals')}
        query={queue}
        empty={t('queues.emptyAppeals')}
        approveLabel={t('queues.refund')}
        rejectLabel={t('queues.uphold')}
        row={(a) => (
          <span>
            <Money value={a.amount} strong /> · {a.shop_name}
          </span>
        )}
        actions={(a, done) => ({
          busy: decision.isPending,
          approve: () => setDeciding({ item: a, done, decision: 'refund' }),
          reject: () => setDeciding({ item: a, done, decision: 'reject' }),
        })}
        detail={(a) => (
          <>
            <Descriptions size="small" column={3} title={t('queues.appealOn', { no: a.order_no })}>
              <Descriptions.Item label={t('queues.product')}>{a.title}</Descriptions.Item>
              <Descriptions.Item label={t('queues.orderTotal')}>
                <Money value={a.order_total} />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.refundAsked')}>
                <Money value={a.amount} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.goodsReceived')}>
                {a.goods_received ? t('queues.yes') : t('queues.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.asked')}>{formatDate(a.created_at)}</Descriptions.Item>
            </Descriptions>
            <Row gutter={16}>
              <Col span={12}>
                <Card size="small" title={t('queues.buyerSide')}>
                  <Typography.Paragraph>
                    <Typography.Text type="secondary">{t('queues.buyerReason')}</Typography.Text>
                    <br />
                    {a.reason}
                  </Typography.Paragraph>
                  <Typography.Paragraph>
                    <Typography.Text type="secondary">{t('queues.appealStatement')}</Typography.Text>
                    <br />
                    {a.appeal_statement ?? '—'}
                  </Typography.Paragraph>
                </Card>
              </Col>
              <Col span={12}>
                <Card size="small" title={t('queues.merchantSide', { shop: a.shop_name })}>
                  <Typography.Paragraph>
                    <Typography.Text type="secondary">{t('queues.merchantReason')}</Typography.Text>
                    <br />
                    {a.reject_reason ?? '—'}
                  </Typography.Paragraph>
                </Card>
              </Col>
            </Row>
            <Divider />
            <MoneyTrail money={a.money} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('queues.orderStatus', { status: statusName(a.order_status) })}{' '}
              <Link to={paths.order(a.order_id)}>{t('queues.openOrder')}</Link>
            </Typography.Paragraph>
          </>
        )}
      />
      <ReasonModal
        open={deciding !== null}
        title={
          deciding?.decision === 'refund'
            ? t('queues.refundBuyer', { no: deciding.item.order_no })
            : t('queues.upholdRejection', { no: deciding?.item.order_no ?? '' })
        }
        okText={deciding?.decision === 'refund' ? t('queues.refund') : t('queues.uphold')}
        presets={presets}
        onClose={() => setDeciding(null)}
        send={(reason) =>
          deciding
            ? decide(
                () =>
                  decision.mutateAsync({
                    id: deciding.item.id,
                    decision: deciding.decision,
                    reason: 'reason' in reason ? reason.reason : '',
                  }),
                deciding.done,
                t('queues.decided'),
              )
            : Promise.resolve()
        }
      />
    </>
  );
}
