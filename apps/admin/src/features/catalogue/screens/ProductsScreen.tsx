import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { LoadFailed } from '../../../components/QueryState';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { usePaged } from '../../../lib/paged';
import { type AdminProductRow, useProducts } from '../api/get-products';
import { CategorySelect } from '../components/CategorySelect';
import { ProductForm } from '../components/ProductForm';

const FILTERS = ['keyword', 'category_id', 'active'] as const;

/** The catalogue's products: searched, filtered and paged on the server; added and changed in a drawer. */
export default function ProductsScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const paged = usePaged(FILTERS);
  const products = useProducts({
    ...paged.query,
    active: (paged.filters.active as 'active' | 'inactive' | undefined) ?? 'all',
  });
  const [editing, setEditing] = useState<AdminProductRow | 'new' | null>(null);
  const titleOf = (p: AdminProductRow) =>
    p.texts.find((x) => x.lang === lang)?.title || p.texts.find((x) => x.lang === p.main_lang)?.title || '—';

  return (
    <>
      <PageTitle
        title={t('routes.products')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('catalogue.newProduct')}
          </Button>
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('catalogue.search')}
          placeholder={t('catalogue.search')}
          defaultValue={paged.filters.keyword}
          onSearch={(v) => paged.setFilters({ keyword: v.trim() || undefined })}
          style={{ width: 280 }}
          maxLength={100}
        />
        <CategorySelect
          allowClear
          placeholder={t('catalogue.allCategories')}
          value={paged.filters.category_id ? Number(paged.filters.category_id) : undefined}
          onChange={(v) => paged.setFilters({ category_id: v ? String(v) : undefined })}
          style={{ width: 220 }}
        />
        <Select
          aria-label={t('catalogue.activeFilter')}
          value={paged.filters.active ?? 'all'}
          onChange={(v) => paged.setFilters({ active: v === 'all' ? undefined : v })}
          style={{ width: 160 }}
          options={[
            { value: 'all', label: t('catalogue.activeAll') },
            { value: 'active', label: t('catalogue.activeOnly') },
            { value: 'inactive', label: t('catalogue.inactiveOnly') },
          ]}
        />
      </Flex>
      {products.isError && !products.data ? (
        <LoadFailed error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <Table<AdminProductRow>
          rowKey="id"
          size="middle"
          loading={products.isFetching}
          dataSource={products.data?.list}
          pagination={paged.pagination(products.data?.total)}
          locale={{ emptyText: t('catalogue.noProducts') }}
          onRow={(p) => ({ onDoubleClick: () => setEditing(p) })}
          columns={[
            { title: t('catalogue.id'), dataIndex: 'id', width: 80 },
            {
              title: t('catalogue.image'),
              width: 72,
              render: (_, p) =>
                p.images[0] ? (
                  <Image src={p.images[0].thumb.url} width={48} height={48} alt="" preview={false} />
                ) : (
                  '—'
                ),
            },
            { title: t('catalogue.title'), render: (_, p) => titleOf(p) },
            { title: t('catalogue.cost'), align: 'right', render: (_, p) => formatMoney(p.cost) },
            { title: t('catalogue.stock'), align: 'right', render: (_, p) => formatNumber(p.stock) },
            { title: t('catalogue.sales'), align: 'right', render: (_, p) => formatNumber(p.sales) },
            {
              title: t('catalogue.flags'),
              render: (_, p) => (
                <>
                  {p.hot && <Tag color="volcano">{t('catalogue.hot')}</Tag>}
                  <Tag color={p.active ? 'green' : 'default'}>
                    {p.active ? t('catalogue.active') : t('catalogue.inactive')}
                  </Tag>
                </>
              ),
            },
            {
              title: <span className="visually-hidden">{t('common.actions')}</span>,
              width: 100,
              render: (_, p) => (
                <Button
                  size="small"
                  onClick={() => setEditing(p)}
                  aria-label={t('catalogue.editNamed', { id: p.id })}
                >
                  {t('common.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        size={720}
        destroyOnHidden
        title={
          editing === 'new'
            ? t('catalogue.newProduct')
            : t('catalogue.editProduct', { id: editing?.id ?? '' })
        }
      >
        {editing !== null && (
          <ProductForm
            product={editing === 'new' ? null : editing}
            lang={lang}
            onDone={() => setEditing(null)}
          />
        )}
      </Drawer>
    </>
  );
}
