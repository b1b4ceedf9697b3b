import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Image from 'antd/es/image';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { approveRecharge, rejectRecharge, useDecision } from '../api/decide';
import { type RechargeRow, useRechargeHistory, useRechargeQueue } from '../api/get-recharges';
import { ChainTransfer } from '../components/ChainTransfer';
import { decide, decideAndTell } from '../components/decide';
import { MerchantLine } from '../components/MerchantLine';
import { Money } from '../components/Money';
import { QueueFrame } from '../components/QueueFrame';
import { ReasonModal } from '../components/ReasonModal';
import { usePresetReasons, useRechargeMethods } from '../components/reasons';
import { ReviewTag } from '../components/StatusTag';

function History({ merchantId, current }: { merchantId: number; current: number }) {
  const { t } = useTranslation();
  const methods = useRechargeMethods();
  const history = useRechargeHistory(merchantId);
  return (
    <Table<RechargeRow>
      size="small"
      rowKey="id"
      loading={history.isLoading}
      pagination={false}
      dataSource={history.data?.list.filter((r) => r.id !== current)}
      locale={{ emptyText: t('queues.noHistory') }}
      columns={[
        { title: t('queues.date'), render: (_, r) => formatDate(r.created_at) },
        { title: t('queues.amount'), align: 'right', render: (_, r) => <Money value={r.amount} /> },
        { title: t('queues.method'), render: (_, r) => methods[r.method] },
        { title: t('queues.status'), render: (_, r) => <ReviewTag status={r.status} /> },
        { title: t('queues.reasonShort'), render: (_, r) => r.reason ?? '' },
      ]}
    />
  );
}

/**
 * Top-ups to review: amount, method, network, the voucher (zoom), the merchant's history. A top-up
 * the chain watcher saw shows its transaction and confirmations instead, and no decision: the
 * watcher credits it.
 */
export default function RechargesScreen() {
  const { t } = useTranslation();
  const queue = useRechargeQueue();
  const approve = useDecision(approveRecharge);
  const reject = useDecision(rejectRecharge);
  const [rejecting, setRejecting] = useState<{ item: RechargeRow; done: () => void } | null>(null);
  const presets = usePresetReasons('recharge');
  const methods = useRechargeMethods();
  return (
    <>
      <QueueFrame<RechargeRow>
        title={t('routes.recharges')}
        query={queue}
        empty={t('queues.emptyRecharges')}
        row={(r) => (
          <span>
            <Money value={r.amount} strong /> · {r.merchant.shop_name}
            {r.chain && <Typography.Text type="secondary"> · {t('queues.byChain')}</Typography.Text>}
          </span>
        )}
        actions={(r, done) =>
          r.chain
            ? null
            : {
                busy: approve.isPending || reject.isPending,
                approve: () => decideAndTell(() => approve.mutateAsync(r.id), done, t('queues.approved')),
                reject: () => setRejecting({ item: r, done }),
              }
        }
        detail={(r) => (
          <>
            <Descriptions size="small" column={2} title={t('queues.topUp', { no: r.order_no })}>
              <Descriptions.Item label={t('queues.amount')}>
                <Money value={r.amount} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.method')}>{methods[r.method]}</Descriptions.Item>
              <Descriptions.Item label={t('queues.network')}>{r.network ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('queues.asked')}>{formatDate(r.created_at)}</Descriptions.Item>
              {r.address && (
                <Descriptions.Item
                  label={r.chain ? t('queues.ownAddress') : t('queues.depositAddress')}
                  span={2}
                >
                  <Typography.Text code>{r.address}</Typography.Text>
                </Descriptions.Item>
              )}
            </Descriptions>
            <Divider />
            {r.chain ? (
              <ChainTransfer chain={r.chain} />
            ) : (
              <>
                <Typography.Title level={2} style={{ fontSize: 16 }}>
                  {t('queues.voucher')}
                </Typography.Title>
                {r.voucher_url ? (
                  <Image src={r.voucher_url} width={320} alt={t('queues.voucherAlt', { no: r.order_no })} />
                ) : (
                  <Typography.Text type="secondary">{t('queues.noVoucher')}</Typography.Text>
                )}
              </>
            )}
            <Divider />
            <MerchantLine merchant={r.merchant} />
            <Descriptions size="small" column={4} title={t('queues.historyTopUps')}>
              <Descriptions.Item label={t('queues.statusApproved')}>
                {t('queues.countTotal', {
                  count: r.history.approved,
                  total: formatMoney(r.history.approved_total),
                })}
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.statusRejected')}>{r.history.rejected}</Descriptions.Item>
              <Descriptions.Item label={t('queues.statusCancelled')}>{r.history.cancelled}</Descriptions.Item>
              <Descriptions.Item label={t('queues.statusPending')}>{r.history.pending}</Descriptions.Item>
              <Descriptions.Item label={t('queues.firstTopUp')} span={4}>
                {formatDate(r.history.first_at)}
              </Descriptions.Item>
            </Descriptions>
            <History merchantId={r.merchant.id} current={r.id} />
          </>
        )}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('queues.rejectTopUp', { no: rejecting?.item.order_no ?? '' })}
        okText={t('queues.reject')}
        presets={presets}
        onClose={() => setRejecting(null)}
        send={(reason) =>
          rejecting
            ? decide(
                () => reject.mutateAsync({ id: rejecting.item.id, ...reason }),
                rejecting.done,
                t('queues.rejected'),
              )
            : Promise.resolve()
        }
      />
    </>
  );
}
