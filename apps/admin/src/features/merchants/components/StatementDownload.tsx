import { LANGUAGE_NAMES } from '@dropdesk/contract/constants';
import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import { STATEMENT_FORMATS, type StatementFormat } from '@dropdesk/contract/reports';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import type { MerchantDetail } from '../api/get-merchant';
import { downloadStatement, type StatementQuery, statementSchema } from '../api/statement';

interface StatementForm {
  period: [Dayjs, Dayjs];
  format: StatementFormat;
}

/** The contract's `from` and `to` are the form's one range picker: their problems show under it. */
const PERIOD_FIELDS = { from: 'period', to: 'period' };

const DAY = 'YYYY-MM-DD';

/**
 * The month so far in `timeZone` (the merchant's: its statement's days are cut there), as
 * [first day, today]. A zone this browser does not know reads as the browser's own.
 */
export function monthSoFar(timeZone: string, now = Date.now()): [string, string] {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dayParts(timeZone, now);
  } catch {
    parts = dayParts(undefined, now);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const month = `${part('year')}-${part('month')}`;
  return [`${month}-01`, `${month}-${part('day')}`];
}

const dayParts = (timeZone: string | undefined, now: number) =>
  new Intl.DateTimeFormat('en-US-u-nu-latn', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);

/**
 * Support and admins produce a merchant's statement of a period (PDF, CSV, or the JSON the verifier
 * checks): the merchant's own file, in its language and time zone; the server records it in the
 * audit log.
 */
export function StatementDownload({ merchant }: { merchant: MerchantDetail }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<StatementForm>();
  const { submit, formError, busy, clear } = useContractSubmit(form, statementSchema, PERIOD_FIELDS);
  if (!canUse(operator?.role, merchantAdminRoutes.statement)) return null;
  const close = () => {
    clear();
    form.resetFields();
    setOpen(false);
  };
  const [from, to] = monthSoFar(merchant.time_zone);
  const formatNames: Record<StatementFormat, string> = {
    pdf: t('merchants.statementPdf'),
    csv: t('merchants.statementCsv'),
    json: t('merchants.statementJson'),
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('merchants.statement')}</Button>
      <Modal
        open={open}
        title={t('merchants.statementTitle')}
        okText={t('merchants.statementDownload')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {t('merchants.statementNote', { lang: LANGUAGE_NAMES[merchant.lang], zone: merchant.time_zone })}
        </Typography.Paragraph>
        <Form<StatementForm>
          form={form}
          layout="vertical"
          initialValues={{ period: [dayjs(from), dayjs(to)], format: 'pdf' }}
          onFinish={({ period, format }) => {
            const query: StatementQuery = {
              id: String(merchant.id),
              from: period[0].format(DAY),
              to: period[1].format(DAY),
              format,
            };
            void submit(query, downloadStatement).then((filename) => {
              if (!filename) return;
              notify.success(t('merchants.statementSaved', { name: filename }));
              close();
            });
          }}
        >
          <Form.Item name="period" label={t('merchants.statementPeriod')}>
            <DatePicker.RangePicker allowClear={false} />
          </Form.Item>
          <Form.Item name="format" label={t('merchants.statementFormat')}>
            <Radio.Group options={STATEMENT_FORMATS.map((f) => ({ value: f, label: formatNames[f] }))} />
          </Form.Item>
          <FormError error={formError} />
        </Form>
      </Modal>
    </>
  );
}
