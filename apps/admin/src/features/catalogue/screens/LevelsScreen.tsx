import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatBps, formatMoney, formatNumber } from '../../../lib/format';
import { type AdminLevelRow, useLevels } from '../api/get-levels';
import { createLevelSchema, updateLevelSchema, useSaveLevel } from '../api/save-level';
import { EditModal } from '../components/EditModal';

interface Values {
  name?: string;
  margin_bps?: number;
  quota?: number;
  price?: string;
}

/** The seller levels by rank: margin, quota, price and how many merchants hold each. */
export default function LevelsScreen() {
  const { t } = useTranslation();
  const levels = useLevels();
  const save = useSaveLevel();
  const [editing, setEditing] = useState<AdminLevelRow | 'new' | null>(null);
  const current = editing !== 'new' ? editing : null;
  return (
    <>
      <PageTitle
        title={t('routes.levels')}
        sub={t('catalogue.levelsNote')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('catalogue.newLevel')}
          </Button>
        }
      />
      <QueryState query={levels} isEmpty={(d) => d.length === 0} empty={t('catalogue.noLevels')}>
        {(rows) => (
          <Table<AdminLevelRow>
            rowKey="id"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: t('catalogue.name'), dataIndex: 'name' },
              { title: t('catalogue.margin'), align: 'right', render: (_, l) => formatBps(l.margin_bps) },
              { title: t('catalogue.quota'), align: 'right', render: (_, l) => formatNumber(l.quota) },
              { title: t('catalogue.price'), align: 'right', render: (_, l) => formatMoney(l.price) },
              {
                title: t('catalogue.merchants'),
                align: 'right',
                render: (_, l) => formatNumber(l.merchants),
              },
              {
                title: <span className="visually-hidden">{t('common.actions')}</span>,
                width: 100,
                render: (_, l) => (
                  <Button size="small" onClick={() => setEditing(l)}>
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
        title={current ? current.name : t('catalogue.newLevel')}
        initialValues={
          current
            ? {
                name: current.name,
                margin_bps: current.margin_bps,
                quota: current.quota,
                price: current.price,
              }
            : {}
        }
        schema={current ? updateLevelSchema : createLevelSchema}
        toBody={(v) => ({ ...(current ? { id: current.id } : {}), ...v })}
        save={save.mutateAsync}
        onClose={() => setEditing(null)}
      >
        {(form) => (
          <>
            <Form.Item name="name" label={t('catalogue.name')}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item
              name="margin_bps"
              label={t('catalogue.marginBps')}
              extra={
                <Form.Item noStyle shouldUpdate>
                  {() =>
                    t('catalogue.marginIs', { pct: formatBps(Number(form.getFieldValue('margin_bps') ?? 0)) })
                  }
                </Form.Item>
              }
            >
              <InputNumber min={0} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="quota" label={t('catalogue.quota')}>
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="price" label={t('catalogue.price')}>
              <Input inputMode="decimal" placeholder="0.00" style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
      </EditModal>
    </>
  );
}
