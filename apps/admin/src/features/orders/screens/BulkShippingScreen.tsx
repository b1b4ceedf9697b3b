import { MAX_SHIP_CSV_ROWS, SHIP_CSV_COLUMNS } from '@dropdesk/contract/orders';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatNumber } from '../../../lib/format';
import { type ShipCsvReport, useShipCsv } from '../api/ship-csv';

/**
 * Shipped, in transit and reached in bulk from a CSV: every row is its own step (with its audit
 * entry and the merchant's notice); the report says what each row did or why it could not.
 */
export default function BulkShippingScreen() {
  const { t } = useTranslation();
  const run = useShipCsv();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ShipCsvReport | null>(null);
  const actions: Record<string, string> = {
    shipped: t('orders.status2'),
    in_transit: t('orders.status6'),
    reached: t('orders.status7'),
  };
  return (
    <>
      <PageTitle title={t('routes.bulkShipping')} />
      <Typography.Paragraph>
        {t('orders.csvIntro', { max: formatNumber(MAX_SHIP_CSV_ROWS) })}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('orders.csvColumns')} <Typography.Text code>{SHIP_CSV_COLUMNS.join(',')}</Typography.Text>
      </Typography.Paragraph>
      <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          // Kept here and sent with the button, not uploaded on choice.
          beforeUpload={() => false}
          onChange={(info) => {
            setFile(info.fileList[0]?.originFileObj ?? null);
            setReport(null);
          }}
        >
          <Button>{t('catalogue.chooseCsv')}</Button>
        </Upload>
        <Button
          type="primary"
          disabled={!file}
          loading={run.isPending}
          onClick={() => file && run.mutate(file, { onSuccess: setReport })}
        >
          {t('orders.runCsv')}
        </Button>
      </Flex>
      {run.isError && <Alert type="error" showIcon title={run.error.message} role="alert" />}
      {report && (
        <section aria-label={t('catalogue.report')}>
          <Alert
            type={report.failed === 0 ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 12 }}
            title={t('orders.csvDone', {
              rows: formatNumber(report.rows),
              done: formatNumber(report.done),
              failed: formatNumber(report.failed),
            })}
          />
          <Table
            size="small"
            rowKey="row"
            dataSource={report.results}
            pagination={{ pageSize: 100, hideOnSinglePage: true }}
            columns={[
              { title: t('catalogue.row'), dataIndex: 'row', width: 70 },
              { title: t('orders.orderNo'), dataIndex: 'order_no' },
              { title: t('orders.step'), render: (_, r) => (r.action ? actions[r.action] : '—') },
              {
                title: t('orders.result'),
                render: (_, r) =>
                  r.done ? (
                    <Tag color="green">{t('orders.rowDone')}</Tag>
                  ) : (
                    <Typography.Text type="danger">
                      {r.field ? `${r.field}: ` : ''}
                      {r.msg}
                    </Typography.Text>
                  ),
              },
            ]}
          />
        </section>
      )}
    </>
  );
}
