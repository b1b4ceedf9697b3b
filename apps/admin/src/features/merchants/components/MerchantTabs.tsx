import { BILL_TYPES } from '@dropdesk/contract/ledger';
import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useJournalName } from '../../../components/journal-name';
import { useOrderStatusName } from '../../../components/order-status';
import { LoadFailed, QueryState } from '../../../components/QueryState';
import { formatBps, formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { PAGE_SIZES } from '../../../lib/paged';
import { paths } from '../../../lib/paths';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useAdjustments } from '../api/adjustments';
import type { MerchantDetail } from '../api/get-merchant';
import {
  type FundsLine,
  type MerchantOrderRow,
  type NoticeRow,
  type SessionRow,
  useFunds,
  useMerchantOrders,
  useNotices,
  useSessions,
} from '../api/get-merchant-lists';
import { useShop } from '../api/shop';
import { StatementDownload } from './StatementDownload';
import { AdjustmentTag, KycTag, ShopStatusTag } from './Tags';

/** A tab's own paging (the page's address keeps the tab, not each tab's page). */
function usePage() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0]!);
  return {
    q: { page: String(page), limit: String(limit) },
    pagination: (total?: number) => ({
      current: page,
      pageSize: limit,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      onChange: (p: number, s: number) => {
        setPage(p);
        setLimit(s);
      },
    }),
  };
}

export function ShopTab({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const shop = useShop(merchantId);
  return (
    <QueryState query={shop}>
      {(s) => (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('merchants.shopStatus')}>
              <ShopStatusTag status={s.status} />
              {s.closed_reason && <Typography.Text type="danger"> {s.closed_reason}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.shop')}>{s.shop.name}</Descriptions.Item>
            <Descriptions.Item label={t('merchants.logo')}>
              {s.shop.logo_url ? <Image src={s.shop.logo_url} width={64} alt="" preview={false} /> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.phone')}>{s.shop.phone}</Descriptions.Item>
            <Descriptions.Item label={t('merchants.address')} span={2}>
              {s.shop.address}
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.intro')} span={2}>
              {s.shop.intro || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={2} style={{ marginTop: 16, fontSize: 16 }}>
            {t('merchants.closures')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={s.closures}
            locale={{ emptyText: t('merchants.noClosures') }}
            columns={[
              { title: t('merchants.closedAt'), render: (_, c) => formatDate(c.closed_at) },
              { title: t('merchants.closeReason'), dataIndex: 'reason' },
              { title: t('merchants.reopenedAt'), render: (_, c) => formatDate(c.reopened_at) },
              { title: t('merchants.reopenNote'), render: (_, c) => c.reopen_note ?? '' },
            ]}
          />
        </>
      )}
    </QueryState>
  );
}

export function IdentityTab({ merchant }: { merchant: MerchantDetail }) {
  const { t } = useTranslation();
  const id = merchant.identity;
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label={t('merchants.identity')}>
        <KycTag status={merchant.kyc_status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('merchants.name')}>{merchant.real_name}</Descriptions.Item>
      {id && (
        <>
          <Descriptions.Item label={t('queues.realName')}>{id.real_name}</Descriptions.Item>
          <Descriptions.Item label={t('queues.idNumber')}>{id.id_number}</Descriptions.Item>
          <Descriptions.Item label={t('queues.submitted')}>{formatDate(id.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('merchants.reviewed')}>{formatDate(id.reviewed_at)}</Descriptions.Item>
          {id.reason && (
            <Descriptions.Item label={t('merchants.rejectReason')} span={2}>
              {id.reason}
            </Descriptions.Item>
          )}
        </>
      )}
    </Descriptions>
  );
}

export function LevelTab({ merchant }: { merchant: MerchantDetail }) {
  const { t } = useTranslation();
  const l = merchant.level_terms;
  if (!l) return <Typography.Text type="secondary">{t('merchants.noLevel')}</Typography.Text>;
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label={t('merchants.level')}>
        {l.name} (#{l.rank})
      </Descriptions.Item>
      <Descriptions.Item label={t('catalogue.margin')}>{formatBps(l.margin_bps)}</Descriptions.Item>
      <Descriptions.Item label={t('catalogue.quota')}>
        {t('merchants.quotaUsed', { used: formatNumber(l.listings_used), total: formatNumber(l.quota) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('merchants.followers')}>
        {formatNumber(merchant.counts.followers)}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function BalanceTab({ merchant }: { merchant: MerchantDetail }) {
  const { t } = useTranslation();
  const page = usePage();
  const { operator } = useSession();
  // Adjustments are the admins' (support sees the balance, not the proposals).
  const admin = canUse(operator?.role, merchantAdminRoutes.adjustments);
  const adjustments = useAdjustments({ ...page.q, merchant_id: String(merchant.id) }, admin);
  return (
    <>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('merchants.balance')}>{formatMoney(merchant.balance)}</Descriptions.Item>
        <Descriptions.Item label={t('queues.hold')}>{formatMoney(merchant.hold)}</Descriptions.Item>
        <Descriptions.Item label={t('merchants.pendingAdjustments')}>
          {merchant.counts.pending_adjustments}
        </Descriptions.Item>
        <Descriptions.Item label={t('merchants.pendingTopUps')}>
          {merchant.counts.pending_recharges}
        </Descriptions.Item>
        <Descriptions.Item label={t('merchants.pendingWithdrawals')}>
          {merchant.counts.pending_withdrawals}
        </Descriptions.Item>
        <Descriptions.Item label={t('merchants.sales')}>
          {formatMoney(merchant.counts.sales)}
        </Descriptions.Item>
      </Descriptions>
      {admin && (
        <Typography.Title level={2} style={{ marginTop: 16, fontSize: 16 }}>
          {t('routes.adjustments')}
        </Typography.Title>
      )}
      {!admin ? null : adjustments.isError && !adjustments.data ? (
        <LoadFailed error={adjustments.error} onRetry={() => void adjustments.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={adjustments.isFetching}
          dataSource={adjustments.data?.list}
          pagination={page.pagination(adjustments.data?.total)}
          locale={{ emptyText: t('merchants.noAdjustments') }}
          columns={[
            { title: t('merchants.proposedAt'), render: (_, a) => formatDate(a.created_at) },
            {
              title: t('merchants.amount'),
              align: 'right',
              render: (_, a) => `${a.direction === 'debit' ? '−' : '+'}${formatMoney(a.amount)}`,
            },
            { title: t('merchants.adjustmentReason'), dataIndex: 'reason' },
            { title: t('queues.status'), render: (_, a) => <AdjustmentTag status={a.status} /> },
          ]}
        />
      )}
    </>
  );
}

export function FundsTab({ merchant }: { merchant: MerchantDetail }) {
  const { t } = useTranslation();
  const page = usePage();
  const [type, setType] = useState<string>();
  const funds = useFunds(merchant.id, { ...page.q, ...(type ? { type } : {}) });
  const journalName = useJournalName();
  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label={t('merchants.fundsType')}
          placeholder={t('merchants.allFunds')}
          style={{ width: 200 }}
          value={type}
          onChange={setType}
          options={BILL_TYPES.map((b) => ({ value: b, label: b }))}
        />
        <StatementDownload merchant={merchant} />
      </Flex>
      <Table<FundsLine>
        size="small"
        rowKey="id"
        loading={funds.isFetching}
        dataSource={funds.data?.list}
        pagination={page.pagination(funds.data?.total)}
        locale={{ emptyText: t('merchants.noFunds') }}
        columns={[
          { title: t('queues.date'), render: (_, f) => formatDate(f.created_at) },
          { title: t('queues.kind'), render: (_, f) => journalName(f.journal_type) },
          { title: t('merchants.amount'), align: 'right', render: (_, f) => formatMoney(f.amount) },
          { title: t('queues.balanceAfter'), align: 'right', render: (_, f) => formatMoney(f.balance_after) },
          { title: t('queues.reasonShort'), render: (_, f) => f.reason ?? '' },
        ]}
      />
    </>
  );
}

export function OrdersTab({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const page = usePage();
  const orders = useMerchantOrders(merchantId, page.q);
  const statusName = useOrderStatusName();
  return (
    <Table<MerchantOrderRow>
      size="small"
      rowKey="id"
      loading={orders.isFetching}
      dataSource={orders.data?.list}
      pagination={page.pagination(orders.data?.total)}
      locale={{ emptyText: t('orders.none') }}
      columns={[
        { title: t('orders.orderNo'), render: (_, o) => <Link to={paths.order(o.id)}>{o.order_no}</Link> },
        { title: t('orders.product'), dataIndex: 'title', ellipsis: true },
        { title: t('orders.total'), align: 'right', render: (_, o) => formatMoney(o.total) },
        { title: t('orders.status'), render: (_, o) => statusName(o.status) },
        { title: t('orders.placed'), render: (_, o) => formatDate(o.created_at) },
      ]}
    />
  );
}

export function SessionsTab({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const page = usePage();
  const sessions = useSessions(merchantId, page.q);
  return (
    <Table<SessionRow>
      size="small"
      rowKey="id"
      loading={sessions.isFetching}
      dataSource={sessions.data?.list}
      pagination={page.pagination(sessions.data?.total)}
      locale={{ emptyText: t('merchants.noSessions') }}
      columns={[
        { title: t('merchants.opened'), render: (_, s) => formatDate(s.created_at) },
        { title: t('merchants.lastSeen'), render: (_, s) => formatDate(s.last_seen_at) },
        { title: t('merchants.expires'), render: (_, s) => formatDate(s.expires_at) },
        {
          title: t('queues.status'),
          render: (_, s) =>
            s.live ? (
              <Tag color="green">{t('merchants.live')}</Tag>
            ) : (
              <Tag>{s.revoked_at ? t('merchants.revoked') : t('merchants.ended')}</Tag>
            ),
        },
      ]}
    />
  );
}

export function NoticesTab({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const page = usePage();
  const notices = useNotices(merchantId, page.q);
  return (
    <Table<NoticeRow>
      size="small"
      rowKey="id"
      loading={notices.isFetching}
      dataSource={notices.data?.list}
      pagination={page.pagination(notices.data?.total)}
      locale={{ emptyText: t('merchants.noNotices') }}
      columns={[
        { title: t('queues.date'), render: (_, n) => formatDate(n.created_at) },
        { title: t('queues.kind'), dataIndex: 'type' },
        {
          title: t('merchants.noticeParams'),
          render: (_, n) =>
            Object.entries(n.params)
              .map(([k, v]) => `${k}: ${v ?? ''}`)
              .join(' · '),
        },
        {
          title: t('merchants.read'),
          render: (_, n) => (n.read_at ? formatDate(n.read_at) : t('merchants.unread')),
        },
      ]}
    />
  );
}
