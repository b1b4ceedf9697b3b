import { NETWORKS, type Network } from '@dropdesk/contract/wallet';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/QueryState';
import { formatDate, formatNumber } from '../../../lib/format';
import { type ChainNetworkRow, useChainNetworks } from '../api/get-chain-networks';
import { ChainNetworkForm, watchable } from './ChainNetworkForm';
import { Hash } from './Hash';

function Watcher({ row }: { row: ChainNetworkRow }) {
  const { t } = useTranslation();
  const h = row.health;
  if (!h) return <Typography.Text type="secondary">{t('chain.notRun')}</Typography.Text>;
  return (
    <Flex vertical>
      <span>
        {t('chain.scannedOf', {
          scanned: formatNumber(h.scanned),
          head: h.head === null ? '—' : formatNumber(h.head),
        })}
      </span>
      {h.lag !== null && (
        <Typography.Text type="secondary">{t('chain.lag', { count: h.lag })}</Typography.Text>
      )}
      {h.errors > 0 && (
        <Typography.Text type="warning">{t('chain.failures', { count: h.errors })}</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The watched networks with their settings and the watcher's health; an admin sets one (a network
 * not set yet, or changes one), a reviewer reads.
 */
export function ChainNetworks({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const list = useChainNetworks();
  const [editing, setEditing] = useState<ChainNetworkRow | 'new' | null>(null);
  const configured: Network[] = list.data?.list.map((n) => n.network) ?? [];
  const free = NETWORKS.filter((n) => !configured.includes(n));
  if (list.isError && !list.data)
    return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        {canEdit && list.data && free.some(watchable) && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('chain.add')}
          </Button>
        )}
        {!canEdit && <Typography.Text type="secondary">{t('chain.readOnly')}</Typography.Text>}
        {free
          .filter((n) => !watchable(n))
          .map((n) => (
            <Typography.Text key={n} type="secondary">
              {t('chain.notWatchable', { network: n })}
            </Typography.Text>
          ))}
      </Flex>
      <Table<ChainNetworkRow>
        rowKey="network"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('chain.none') }}
        columns={[
          {
            title: t('chain.network'),
            render: (_, n) => (
              <Flex vertical>
                <Typography.Text strong>{n.network}</Typography.Text>
                <Tag color={n.enabled ? 'green' : 'default'} style={{ width: 'fit-content' }}>
                  {n.enabled ? t('chain.watched') : t('chain.off')}
                </Tag>
              </Flex>
            ),
          },
          {
            title: t('chain.node'),
            render: (_, n) => (
              <Typography.Text style={{ maxWidth: 220 }} ellipsis={{ tooltip: n.rpc_url }}>
                {n.rpc_url}
              </Typography.Text>
            ),
          },
          {
            title: t('chain.token'),
            render: (_, n) => (
              <Flex vertical>
                <Hash value={n.token_contract} />
                <Typography.Text type="secondary">
                  {t('chain.decimalsAre', { n: n.token_decimals })}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('chain.confirmations'), align: 'right', dataIndex: 'confirmations' },
          {
            title: t('chain.xpub'),
            render: (_, n) => (
              <Flex vertical>
                <Hash value={n.xpub} ends={8} />
                <Typography.Text type="secondary">
                  {t('chain.addresses', { count: n.addresses })}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('chain.startBlock'), align: 'right', render: (_, n) => formatNumber(n.start_block) },
          { title: t('chain.watcher'), render: (_, n) => <Watcher row={n} /> },
          { title: t('chain.updated'), render: (_, n) => formatDate(n.updated_at) },
          ...(canEdit
            ? [
                {
                  title: <span className="visually-hidden">{t('common.actions')}</span>,
                  render: (_: unknown, n: ChainNetworkRow) => (
                    <Button
                      size="small"
                      onClick={() => setEditing(n)}
                      aria-label={t('chain.editOf', { network: n.network })}
                    >
                      {t('common.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ChainNetworkForm editing={editing} configured={configured} onClose={() => setEditing(null)} />
    </>
  );
}
