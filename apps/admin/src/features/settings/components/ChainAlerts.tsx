import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/QueryState';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { usePaged } from '../../../lib/paged';
import { paths } from '../../../lib/paths';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { type ChainAlertRow, useChainAlerts } from '../api/get-chain-alerts';
import { Hash } from './Hash';
import { ResolveAlert } from './ResolveAlert';

const FILTERS = ['open'] as const;

/** What the watcher saw: the block, its hash when the top-up was credited, the hash there now. */
function Seen({ a }: { a: ChainAlertRow }) {
  const { t } = useTranslation();
  const d = a.detail;
  return (
    <Flex vertical>
      <span>{t('chain.seenBlock', { block: formatNumber(d.block), head: formatNumber(d.head) })}</span>
      <span>
        {t('chain.hashThen')} <Hash value={d.hash_then} />
      </span>
      <span>
        {d.hash_now ? (
          <>
            {t('chain.hashNow')} <Hash value={d.hash_now} />
          </>
        ) : (
          t('chain.hashGone')
        )}
      </span>
    </Flex>
  );
}

/**
 * The watcher's alerts, open first then resolved (or one of the two): a credited top-up whose block
 * left the chain. An admin resolves one with what was done; a reviewer reads.
 */
export function ChainAlerts({ canResolve }: { canResolve: boolean }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const paged = usePaged(FILTERS);
  const open = paged.filters.open === '1' || paged.filters.open === '0' ? paged.filters.open : undefined;
  const list = useChainAlerts({ page: String(paged.page), limit: String(paged.limit), open });
  const [resolving, setResolving] = useState<ChainAlertRow | null>(null);
  const seesMerchants = canUse(operator?.role, merchantAdminRoutes.merchants);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('chain.alertsIntro')}</Typography.Paragraph>
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('chain.status')}
          value={open ?? 'all'}
          onChange={(v) => paged.setFilters({ open: v === 'all' ? undefined : v })}
          style={{ width: 240 }}
          options={[
            { value: 'all', label: t('chain.filterAll') },
            { value: '1', label: t('chain.filterOpen') },
            { value: '0', label: t('chain.filterResolved') },
          ]}
        />
      </Flex>
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<ChainAlertRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          pagination={paged.pagination(list.data?.total)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('chain.noAlerts') }}
          columns={[
            { title: t('chain.raised'), render: (_, a) => formatDate(a.created_at) },
            { title: t('chain.network'), dataIndex: 'network' },
            {
              title: t('chain.topUp'),
              render: (_, a) => (
                <Flex vertical>
                  <span>{a.order_no}</span>
                  {seesMerchants ? (
                    <Link to={paths.merchant(a.merchant_id)}>
                      {t('chain.merchant', { id: a.merchant_id })}
                    </Link>
                  ) : (
                    <Typography.Text type="secondary">
                      {t('chain.merchant', { id: a.merchant_id })}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            { title: t('chain.amount'), align: 'right', render: (_, a) => formatMoney(a.amount) },
            {
              title: t('chain.tx'),
              render: (_, a) => (
                <Flex vertical>
                  <Hash value={a.tx_hash} />
                  <Typography.Text type="secondary">
                    {t('chain.logIndex', { n: a.log_index })}
                  </Typography.Text>
                </Flex>
              ),
            },
            { title: t('chain.seen'), render: (_, a) => <Seen a={a} /> },
            {
              title: t('chain.status'),
              render: (_, a) =>
                a.resolved_at ? (
                  <Flex vertical gap={4} style={{ maxWidth: 320 }}>
                    <Tag color="green" style={{ width: 'fit-content' }}>
                      {t('chain.resolved')}
                    </Tag>
                    <Typography.Text type="secondary">
                      {t('chain.resolvedBy', { id: a.resolved_by ?? '—', at: formatDate(a.resolved_at) })}
                    </Typography.Text>
                    {a.resolution && <span style={{ whiteSpace: 'pre-wrap' }}>{a.resolution}</span>}
                  </Flex>
                ) : (
                  <Tag color="red">{t('chain.open')}</Tag>
                ),
            },
            ...(canResolve
              ? [
                  {
                    title: <span className="visually-hidden">{t('common.actions')}</span>,
                    render: (_: unknown, a: ChainAlertRow) =>
                      a.resolved_at ? null : (
                        <Button size="small" onClick={() => setResolving(a)}>
                          {t('chain.resolve')}
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <ResolveAlert alert={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
