import { IMPORT_COLUMNS } from '@dropdesk/contract/catalogue';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatNumber } from '../../../lib/format';
import { type ImportReport, useImportProducts } from '../api/import-products';

/**
 * Products from a CSV file: every row is checked first and nothing is imported while any row has a
 * problem; the report lists each problem by row and column. A dry run checks without importing.
 */
export default function ImportScreen() {
  const { t } = useTranslation();
  const run = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [report, setReport] = useState<ImportReport | null>(null);
  const send = () => {
    if (!file) return;
    setReport(null);
    run.mutate({ file, dryRun }, { onSuccess: setReport });
  };
  return (
    <>
      <PageTitle title={t('routes.productImport')} />
      <Typography.Paragraph>{t('catalogue.importIntro')}</Typography.Paragraph>
      <Typography.Paragraph>
        {t('catalogue.importColumns')} <Typography.Text code>{IMPORT_COLUMNS.join(',')}</Typography.Text>
      </Typography.Paragraph>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
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
        <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)}>
          {t('catalogue.dryRun')}
        </Checkbox>
        <Button type="primary" disabled={!file} loading={run.isPending} onClick={send}>
          {dryRun ? t('catalogue.check') : t('catalogue.import')}
        </Button>
      </Flex>
      {run.isError && <Alert type="error" showIcon title={run.error.message} role="alert" />}
      {report && (
        <section aria-label={t('catalogue.report')}>
          {report.problems.length === 0 ? (
            <Alert
              type="success"
              showIcon
              title={
                report.dry_run
                  ? t('catalogue.dryRunOk', { rows: formatNumber(report.rows) })
                  : t('catalogue.imported', { count: report.imported, n: formatNumber(report.imported) })
              }
            />
          ) : (
            <>
              <Alert
                type="warning"
                showIcon
                title={t('catalogue.importProblems', {
                  rows: formatNumber(report.rows),
                  problems: formatNumber(report.problems.length),
                })}
                style={{ marginBottom: 12 }}
              />
              <Table
                size="small"
                rowKey={(p) => `${p.row}-${p.field}`}
                dataSource={report.problems}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                columns={[
                  { title: t('catalogue.row'), dataIndex: 'row', width: 80 },
                  { title: t('catalogue.column'), dataIndex: 'field', width: 180 },
                  { title: t('catalogue.problem'), dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
