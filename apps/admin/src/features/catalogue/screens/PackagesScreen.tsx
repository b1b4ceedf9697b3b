import type { Lang } from '@dropdesk/contract/constants';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDisablePackage } from '../api/disable-package';
import { type AdminPackageRow, usePackages } from '../api/get-packages';
import { createPackageSchema, updatePackageSchema, useSavePackage } from '../api/save-package';
import { EditModal } from '../components/EditModal';
import { NamesFields, namesOf } from '../components/NamesFields';
import { nameIn } from '../components/names';

interface Values {
  main_lang: Lang;
  names: Partial<Record<Lang, string>>;
  price?: string;
  days?: number;
  product_count?: number;
  sort?: number;
  active?: boolean;
}

/** Express-lane packages: price, days, products featured; on sale or not, and how many were sold. */
export default function PackagesScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const packages = usePackages();
  const save = useSavePackage();
  const disable = useDisablePackage();
  const [editing, setEditing] = useState<AdminPackageRow | 'new' | null>(null);
  const current = editing !== 'new' ? editing : null;
  return (
    <>
      <PageTitle
        title={t('routes.packages')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('catalogue.newPackage')}
          </Button>
        }
      />
      <QueryState query={packages} isEmpty={(d) => d.length === 0} empty={t('catalogue.noPackages')}>
        {(rows) => (
          <Table<AdminPackageRow>
            rowKey="id"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: t('catalogue.name'), render: (_, p) => nameIn(p.names, lang, p.main_lang) },
              { title: t('catalogue.price'), align: 'right', render: (_, p) => formatMoney(p.price) },
              { title: t('catalogue.days'), align: 'right', dataIndex: 'days' },
              { title: t('catalogue.productCount'), align: 'right', dataIndex: 'product_count' },
              { title: t('catalogue.sold'), align: 'right', render: (_, p) => formatNumber(p.sold) },
              {
                title: t('catalogue.flags'),
                render: (_, p) => (
                  <Tag color={p.active ? 'green' : 'default'}>
                    {p.active ? t('catalogue.onSale') : t('catalogue.offSale')}
                  </Tag>
                ),
              },
              {
                title: <span className="visually-hidden">{t('common.actions')}</span>,
                width: 200,
                render: (_, p) => (
                  <Flex gap={8}>
                    <Button size="small" onClick={() => setEditing(p)}>
                      {t('common.edit')}
                    </Button>
                    {p.active && (
                      <Popconfirm
                        title={t('catalogue.takeOffSaleQuestion')}
                        okText={t('catalogue.takeOffSale')}
                        cancelText={t('common.cancel')}
                        onConfirm={() =>
                          disable.mutateAsync(p.id).then(
                            () => notify.success(t('common.saved')),
                            (e: Error) => notify.error(e.message),
                          )
                        }
                      >
                        <Button size="small" danger>
                          {t('catalogue.takeOffSale')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <EditModal<Values>
        open={editing !== null}
        title={current ? nameIn(current.names, lang, current.main_lang) : t('catalogue.newPackage')}
        initialValues={
          current
            ? {
                main_lang: current.main_lang,
                names: current.names as Values['names'],
                price: current.price,
                days: current.days,
                product_count: current.product_count,
                sort: current.sort,
                active: current.active,
              }
            : { main_lang: lang, names: {}, sort: 0 }
        }
        schema={current ? updatePackageSchema : createPackageSchema}
        toBody={(v) => ({ ...(current ? { id: current.id } : {}), ...v, names: namesOf(v.names) })}
        save={save.mutateAsync}
        onClose={() => setEditing(null)}
      >
        {() => (
          <>
            <NamesFields label={t('catalogue.names')} mainLabel={t('catalogue.mainLang')} />
            <Flex gap={16} wrap>
              <Form.Item name="price" label={t('catalogue.price')}>
                <Input inputMode="decimal" placeholder="0.00" />
              </Form.Item>
              <Form.Item name="days" label={t('catalogue.days')}>
                <InputNumber min={1} precision={0} />
              </Form.Item>
              <Form.Item name="product_count" label={t('catalogue.productCount')}>
                <InputNumber min={1} precision={0} />
              </Form.Item>
              <Form.Item name="sort" label={t('catalogue.sort')}>
                <InputNumber min={0} precision={0} />
              </Form.Item>
              {current && (
                <Form.Item name="active" label={t('catalogue.onSale')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              )}
            </Flex>
          </>
        )}
      </EditModal>
    </>
  );
}
