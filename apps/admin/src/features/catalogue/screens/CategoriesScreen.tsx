import type { Lang } from '@dropdesk/contract/constants';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { type AdminCategoryRow, useCategories } from '../api/get-categories';
import { createCategorySchema, updateCategorySchema, useSaveCategory } from '../api/save-category';
import { EditModal } from '../components/EditModal';
import { NamesFields, namesOf } from '../components/NamesFields';
import { nameIn } from '../components/names';

interface Values {
  parent_id?: number | null;
  main_lang: Lang;
  names: Partial<Record<Lang, string>>;
  sort?: number;
}

/** The category tree (two levels): names per language, order, products in each. */
export default function CategoriesScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const categories = useCategories();
  const save = useSaveCategory();
  const [editing, setEditing] = useState<AdminCategoryRow | 'new' | null>(null);
  const rows = categories.data ?? [];
  const tree = rows
    .filter((c) => c.parent_id === null)
    .map((p) => {
      const children = rows.filter((c) => c.parent_id === p.id);
      return { ...p, ...(children.length ? { children } : {}) };
    });
  const current = editing !== 'new' ? editing : null;
  return (
    <>
      <PageTitle
        title={t('routes.categories')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('catalogue.newCategory')}
          </Button>
        }
      />
      <QueryState query={categories} isEmpty={(d) => d.length === 0} empty={t('catalogue.noCategories')}>
        {() => (
          <Table<AdminCategoryRow & { children?: AdminCategoryRow[] }>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={tree}
            expandable={{
              defaultExpandAllRows: true,
              columnTitle: <span className="visually-hidden">{t('common.details')}</span>,
            }}
            columns={[
              { title: t('catalogue.name'), render: (_, c) => nameIn(c.names, lang, c.main_lang) },
              { title: t('catalogue.languages'), render: (_, c) => Object.keys(c.names).join(', ') },
              { title: t('catalogue.sort'), dataIndex: 'sort', width: 100 },
              {
                title: t('catalogue.productsCount'),
                align: 'right',
                render: (_, c) => formatNumber(c.products),
              },
              {
                title: <span className="visually-hidden">{t('common.actions')}</span>,
                width: 100,
                render: (_, c) => (
                  <Button size="small" onClick={() => setEditing(c)}>
                    {t('common.edit')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <EditModal<Values>
        open={editing !== null}
        title={current ? nameIn(current.names, lang, current.main_lang) : t('catalogue.newCategory')}
        initialValues={
          current
            ? { names: current.names as Values['names'], sort: current.sort }
            : { parent_id: null, main_lang: lang, names: {}, sort: 0 }
        }
        schema={current ? updateCategorySchema : createCategorySchema}
        toBody={(v) =>
          current
            ? { id: current.id, names: namesOf(v.names), sort: v.sort }
            : {
                parent_id: v.parent_id ?? null,
                main_lang: v.main_lang,
                names: namesOf(v.names),
                sort: v.sort ?? 0,
              }
        }
        save={save.mutateAsync}
        onClose={() => setEditing(null)}
      >
        {() => (
          <>
            {!current && (
              <Form.Item name="parent_id" label={t('catalogue.parent')}>
                <Select
                  options={[
                    { value: null, label: t('catalogue.topLevel') },
                    ...rows
                      .filter((c) => c.parent_id === null)
                      .map((c) => ({ value: c.id, label: nameIn(c.names, lang, c.main_lang) })),
                  ]}
                />
              </Form.Item>
            )}
            <NamesFields
              label={t('catalogue.names')}
              mainLabel={t('catalogue.mainLang')}
              withMain={!current}
            />
            <Form.Item name="sort" label={t('catalogue.sort')}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
          </>
        )}
      </EditModal>
    </>
  );
}
