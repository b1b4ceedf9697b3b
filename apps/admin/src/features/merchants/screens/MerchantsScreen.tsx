import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePaged } from '../../../lib/paged';
import { paths } from '../../../lib/paths';
import { type MerchantRow, type MerchantsQuery, useMerchants } from '../api/get-merchants';
import { KycTag, ShopStatusTag } from '../components/Tags';

const FILTERS = ['q', 'status', 'kyc'] as const;

/** Merchants by id, phone, email or shop name: searched, filtered and paged on the server. */
export default function MerchantsScreen() {
  const { t } = useTranslation();
  const paged = usePaged(FILTERS);
  const merchants = useMerchants(paged.query as MerchantsQuery);
  return (
    <>
      <PageTitle title={t('routes.merchants')} />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('merchants.search')}
          placeholder={t('merchants.search')}
          defaultValue={paged.filters.q}
          maxLength={254}
          onSearch={(v) => paged.setFilters({ q: v.trim() || undefined })}
          style={{ width: 340 }}
        />
        <Select
          aria-label={t('merchants.shopStatus')}
          allowClear
          placeholder={t('merchants.anyShopStatus')}
          value={paged.filters.status}
          onChange={(v?: string) => paged.setFilters({ status: v })}
          style={{ width: 180 }}
          options={[
            { value: 'active', label: t('merchants.open') },
            { value: 'closed', label: t('merchants.closed') },
          ]}
        />
        <Select
          aria-label={t('merchants.identity')}
          allowClear
          placeholder={t('merchants.anyIdentity')}
          value={paged.filters.kyc}
          onChange={(v?: string) => paged.setFilters({ kyc: v })}
          style={{ width: 180 }}
          options={[
            { value: 'unverified', label: t('merchants.kycUnverified') },
            { value: 'pending', label: t('merchants.kycPending') },
            { value: 'verified', label: t('merchants.kycVerified') },
            { value: 'rejected', label: t('merchants.kycRejected') },
          ]}
        />
      </Flex>
      {merchants.isError && !merchants.data ? (
        <LoadFailed error={merchants.error} onRetry={() => void merchants.refetch()} />
      ) : (
        <Table<MerchantRow>
          rowKey="id"
          size="middle"
          loading={merchants.isFetching}
          dataSource={merchants.data?.list}
          pagination={paged.pagination(merchants.data?.total, merchants.data?.total_capped)}
          locale={{ emptyText: t('merchants.none') }}
          columns={[
            { title: t('merchants.id'), dataIndex: 'id', width: 80 },
            {
              title: t('merchants.shop'),
              render: (_, m) => <Link to={paths.merchant(m.id)}>{m.shop_name}</Link>,
            },
            { title: t('merchants.name'), dataIndex: 'real_name' },
            { title: t('merchants.phone'), dataIndex: 'phone' },
            { title: t('merchants.email'), dataIndex: 'email', ellipsis: true },
            { title: t('merchants.shopStatus'), render: (_, m) => <ShopStatusTag status={m.status} /> },
            { title: t('merchants.identity'), render: (_, m) => <KycTag status={m.kyc_status} /> },
            { title: t('merchants.level'), render: (_, m) => m.level?.name ?? '—' },
            { title: t('merchants.balance'), align: 'right', render: (_, m) => formatMoney(m.balance) },
            { title: t('merchants.registered'), render: (_, m) => formatDate(m.created_at) },
          ]}
        />
      )}
    </>
  );
}
