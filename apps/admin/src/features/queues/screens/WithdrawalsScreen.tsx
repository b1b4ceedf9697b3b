import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useJournalName } from '../../../components/journal-name';
import { useNow } from '../../../lib/clock';
import { useContractSubmit } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { approveWithdrawal, approveWithdrawalSchema, rejectWithdrawal, useDecision } from '../api/decide';
import { useWithdrawalQueue, type WithdrawalRow } from '../api/get-withdrawals';
import { decide } from '../components/decide';
import { MerchantLine } from '../components/MerchantLine';
import { Money } from '../components/Money';
import { PayoutClock } from '../components/PayoutClock';
import { QueueFrame } from '../components/QueueFrame';
import styles from '../components/queue.module.css';
import { ReasonModal } from '../components/ReasonModal';
import { usePresetReasons, useWithdrawMethods } from '../components/reasons';

/** The merchant's latest wallet postings (the server's RECENT_ACTIVITY), newest first. */
function Activity({ recent }: { recent: WithdrawalRow['recent'] }) {
  const { t } = useTranslation();
  const journalName = useJournalName();
  return (
    <Table
      size="small"
      rowKey={(p) => `${p.created_at}-${p.amount}-${p.balance_after}`}
      pagination={false}
      dataSource={recent}
      locale={{ emptyText: t('queues.noHistory') }}
      columns={[
        { title: t('queues.date'), render: (_, p) => formatDate(p.created_at) },
        { title: t('queues.kind'), render: (_, p) => journalName(p.journal_type) },
        { title: t('queues.amount'), align: 'right', render: (_, p) => <Money value={p.amount} /> },
        {
          title: t('queues.balanceAfter'),
          align: 'right',
          render: (_, p) => <Money value={p.balance_after} />,
        },
        { title: t('queues.reasonShort'), render: (_, p) => p.reason ?? '' },
      ]}
    />
  );
}

function ApproveModal({
  item,
  onClose,
  send,
}: {
  item: WithdrawalRow | null;
  onClose: () => void;
  send: (reference: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reference?: string }>();
  const { submit, formError, busy, clear } = useContractSubmit(form, approveWithdrawalSchema);
  const close = () => {
    form.resetFields();
    clear();
    onClose();
  };
  return (
    <Modal
      open={item !== null}
      title={t('queues.payWithdrawal', { no: item?.order_no ?? '' })}
      okText={t('queues.markPaid')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('queues.payWhat')} <Money value={item?.actual ?? '0'} strong />
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          void submit({ id: item?.id, reference: v.reference }, () => send((v.reference ?? '').trim())).then(
            (done) => done !== undefined && close(),
          )
        }
      >
        <Form.Item
          name="reference"
          label={t('queues.payoutReference')}
          extra={t('queues.payoutReferenceHint')}
        >
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}

/**
 * Withdrawals to pay, soonest due first (the late ones lead), each with its payout clock (time left
 * to the promise, or how late), read again every 30 s: amount, fee, what arrives, the destination,
 * the merchant's recent money.
 */
export default function WithdrawalsScreen() {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const queue = useWithdrawalQueue();
  const approve = useDecision(approveWithdrawal);
  const reject = useDecision(rejectWithdrawal);
  const [paying, setPaying] = useState<{ item: WithdrawalRow; done: () => void } | null>(null);
  const [rejecting, setRejecting] = useState<{ item: WithdrawalRow; done: () => void } | null>(null);
  const presets = usePresetReasons('withdrawal');
  const methods = useWithdrawMethods();
  return (
    <>
      <QueueFrame<WithdrawalRow>
        title={t('routes.withdrawals')}
        query={queue}
        empty={t('queues.emptyWithdrawals')}
        row={(w) => (
          <span className={styles.stack}>
            <span>
              <Money value={w.amount} strong /> · {w.merchant.shop_name}
            </span>
            <PayoutClock withdrawal={w} now={now} />
          </span>
        )}
        actions={(w, done) => ({
          busy: approve.isPending || reject.isPending,
          approve: () => setPaying({ item: w, done }),
          reject: () => setRejecting({ item: w, done }),
        })}
        detail={(w) => (
          <>
            <Descriptions
              size="small"
              column={3}
              title={t('queues.withdrawalNo', { no: w.order_no })}
              extra={<PayoutClock withdrawal={w} now={now} />}
            >
              <Descriptions.Item label={t('queues.amount')}>
                <Money value={w.amount} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.fee')}>
                <Money value={w.fee} />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.actual')}>
                <Money value={w.actual} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.method')}>{methods[w.method]}</Descriptions.Item>
              <Descriptions.Item label={t('queues.asked')}>{formatDate(w.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t('queues.due')}>
                {/* One inline box: the item's content is a flex row, which drops a bare space between items. */}
                <span>
                  {formatDate(w.due_at)} · {t('queues.promiseOf', { hours: w.promise_hours })}
                </span>
              </Descriptions.Item>
            </Descriptions>
            <Divider />
            <Descriptions size="small" column={1} title={t('queues.destination')}>
              {w.bank ? (
                <>
                  <Descriptions.Item label={t('queues.bankName')}>{w.bank.bank_name}</Descriptions.Item>
                  <Descriptions.Item label={t('queues.holder')}>{w.bank.holder_name}</Descriptions.Item>
                  <Descriptions.Item label={t('queues.accountNumber')}>
                    <Typography.Text code copyable>
                      {w.bank.account_number}
                    </Typography.Text>
                  </Descriptions.Item>
                </>
              ) : (
                <>
                  <Descriptions.Item label={t('queues.network')}>
                    {w.currency} {w.network}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('queues.address')}>
                    <Typography.Text code copyable>
                      {w.address}
                    </Typography.Text>
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            <Divider />
            <MerchantLine merchant={w.merchant} />
            <Descriptions size="small" column={2}>
              <Descriptions.Item label={t('queues.balance')}>
                <Money value={w.wallet.balance} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.hold')}>
                <Money value={w.wallet.hold} />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('queues.recentActivity')}
            </Typography.Title>
            <Activity recent={w.recent} />
          </>
        )}
      />
      <ApproveModal
        item={paying?.item ?? null}
        onClose={() => setPaying(null)}
        send={(reference) =>
          paying
            ? decide(
                () => approve.mutateAsync({ id: paying.item.id, ...(reference ? { reference } : {}) }),
                paying.done,
                t('queues.paid'),
              )
            : Promise.resolve()
        }
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('queues.rejectWithdrawal', { no: rejecting?.item.order_no ?? '' })}
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
