import { ORDER_TABS } from '@dropdesk/contract/orders';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrderStatusName } from '../../../components/order-status';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePaged } from '../../../lib/paged';
import { paths } from '../../../lib/paths';
import { type AdminOrderRow, type OrdersQuery, useOrders } from '../api/get-orders';
import { OrderStatusTag } from '../components/StatusTag';

const FILTERS = ['status', 'merchant_id', 'merchant', 'order_no', 'buyer', 'keyword'] as const;

/** Every shop's orders, newest first: filtered, counted and paged on the server. */
export default function OrdersScreen() {
  const { t } = useTranslation();
  const statusName = useOrderStatusName();
  const paged = usePaged(FILTERS);
  const orders = useOrders(paged.query as OrdersQuery);
  return (
    <>
      <PageTitle
        title={t('routes.orders')}
        extra={
          paged.filters.merchant_id && (
            <Tag closable onClose={() => paged.setFilters({ merchant_id: undefined })}>
              {t('orders.merchantId')} {paged.filters.merchant_id}
            </Tag>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        {(
          [
            ['order_no', t('orders.orderNoFilter'), 220, 40],
            ['merchant', t('orders.merchantFilter'), 220, 60],
            ['buyer', t('orders.buyerFilter'), 240, 254],
            ['keyword', t('orders.search'), 240, 60],
          ] as const
        ).map(([name, label, width, max]) => (
          <Input.Search
            key={name}
            allowClear
            aria-label={label}
            placeholder={label}
            defaultValue={paged.filters[name]}
            maxLength={max}
            onSearch={(v) => paged.setFilters({ [name]: v.trim() || undefined })}
            style={{ width }}
          />
        ))}
        <Select
          aria-label={t('orders.status')}
          allowClear
          placeholder={t('orders.allStatuses')}
          value={paged.filters.status}
          onChange={(v?: string) => paged.setFilters({ status: v })}
          style={{ width: 200 }}
          options={ORDER_TABS.map((s) => ({ value: String(s), label: statusName(s) }))}
        />
      </Flex>
      {orders.isError && !orders.data ? (
        <LoadFailed error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <Table<AdminOrderRow>
          rowKey="id"
          size="middle"
          loading={orders.isFetching}
          dataSource={orders.data?.list}
          pagination={paged.pagination(orders.data?.total, orders.data?.total_capped)}
          locale={{ emptyText: t('orders.none') }}
          columns={[
            {
              title: t('orders.orderNo'),
              render: (_, o) => <Link to={paths.order(o.id)}>{o.order_no}</Link>,
            },
            { title: t('orders.shop'), render: (_, o) => `${o.shop_name} (#${o.merchant_id})` },
            { title: t('orders.product'), dataIndex: 'title', ellipsis: true },
            { title: t('orders.quantity'), dataIndex: 'quantity', align: 'right', width: 70 },
            { title: t('orders.total'), align: 'right', render: (_, o) => formatMoney(o.total) },
            { title: t('orders.status'), render: (_, o) => <OrderStatusTag status={o.status} /> },
            {
              title: t('orders.tracking'),
              render: (_, o) => (o.tracking_no ? `${o.carrier} ${o.tracking_no}` : '—'),
            },
            { title: t('orders.placed'), render: (_, o) => formatDate(o.created_at) },
          ]}
        />
      )}
    </>
  );
}
