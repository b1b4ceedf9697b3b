import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { usePaged } from '../../../lib/paged';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import {
  type AdjustmentRow,
  approveAdjustment,
  rejectAdjustment,
  useAdjustmentAction,
  useAdjustments,
} from '../api/adjustments';
import { RejectAdjustment } from '../components/RejectAdjustment';
import { AdjustmentTag } from '../components/Tags';

const FILTERS = ['status', 'merchant_id'] as const;

/**
 * Balance adjustments: an admin approves or rejects another admin's proposal (four eyes). One's own
 * proposal shows approve disabled with the reason; the server refuses it anyway (SELF_APPROVAL).
 */
export default function AdjustmentsScreen() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const paged = usePaged(FILTERS);
  const status = paged.filters.status ?? 'pending';
  const list = useAdjustments({ ...paged.query, ...(status === 'all' ? {} : { status }) } as never);
  const approve = useAdjustmentAction(approveAdjustment);
  const reject = useAdjustmentAction(rejectAdjustment);
  const [rejecting, setRejecting] = useState<AdjustmentRow | null>(null);
  const [refusal, setRefusal] = useState<{ id: number; msg: string } | null>(null);
  const doApprove = (a: AdjustmentRow) => {
    setRefusal(null);
    approve.mutate(a.id, {
      onSuccess: (r) => notify.success(t('merchants.adjustmentPosted', { balance: formatMoney(r.balance) })),
      onError: (e) => {
        setRefusal({ id: a.id, msg: e.message });
        if (!(e instanceof ApiError)) notify.error(e.message);
      },
    });
  };
  return (
    <>
      <PageTitle title={t('routes.adjustments')} sub={t('merchants.fourEyes')} />
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('queues.status')}
          value={status}
          onChange={(v) => paged.setFilters({ status: v === 'pending' ? undefined : v })}
          style={{ width: 180 }}
          options={[
            { value: 'pending', label: t('merchants.adjPending') },
            { value: 'approved', label: t('merchants.adjApproved') },
            { value: 'rejected', label: t('merchants.adjRejected') },
            { value: 'all', label: t('merchants.adjAll') },
          ]}
        />
      </Flex>
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdjustmentRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          pagination={paged.pagination(list.data?.total)}
          locale={{ emptyText: t('merchants.noAdjustments') }}
          columns={[
            { title: t('merchants.proposedAt'), render: (_, a) => formatDate(a.created_at) },
            {
              title: t('merchants.shop'),
              render: (_, a) => (
                <Link to={paths.merchant(a.merchant_id)}>{`${a.shop_name} (#${a.merchant_id})`}</Link>
              ),
            },
            {
              title: t('merchants.amount'),
              align: 'right',
              render: (_, a) => (
                <Typography.Text type={a.direction === 'debit' ? 'danger' : 'success'}>
                  {a.direction === 'debit' ? '−' : '+'}
                  {formatMoney(a.amount)}
                </Typography.Text>
              ),
            },
            { title: t('merchants.adjustmentReason'), dataIndex: 'reason' },
            { title: t('merchants.proposedBy'), render: (_, a) => a.proposed_by.username },
            {
              title: t('queues.status'),
              render: (_, a) => (
                <>
                  <AdjustmentTag status={a.status} />
                  {a.decided_by && (
                    <Typography.Text type="secondary">
                      {' '}
                      {a.decided_by.username}, {formatDate(a.decided_at)}
                    </Typography.Text>
                  )}
                  {a.decision_reason && <div>{a.decision_reason}</div>}
                </>
              ),
            },
            {
              title: <span className="visually-hidden">{t('common.actions')}</span>,
              width: 260,
              render: (_, a) => {
                if (a.status !== 'pending') return null;
                const own = a.proposed_by.id === operator?.id;
                return (
                  <Flex vertical gap={4}>
                    <Flex gap={8}>
                      <Tooltip title={own ? t('merchants.ownProposal') : undefined}>
                        <Button
                          type="primary"
                          size="small"
                          disabled={own}
                          loading={approve.isPending && approve.variables === a.id}
                          onClick={() => doApprove(a)}
                        >
                          {t('merchants.approve')}
                        </Button>
                      </Tooltip>
                      <Button size="small" danger onClick={() => setRejecting(a)}>
                        {own ? t('merchants.withdraw') : t('merchants.reject')}
                      </Button>
                    </Flex>
                    {own && <Typography.Text type="secondary">{t('merchants.ownProposal')}</Typography.Text>}
                    {refusal?.id === a.id && (
                      <Typography.Text type="danger" role="alert">
                        {refusal.msg}
                      </Typography.Text>
                    )}
                  </Flex>
                );
              },
            },
          ]}
        />
      )}
      <RejectAdjustment
        item={rejecting}
        onClose={() => setRejecting(null)}
        send={(reason) => reject.mutateAsync({ id: rejecting!.id, reason })}
      />
    </>
  );
}
