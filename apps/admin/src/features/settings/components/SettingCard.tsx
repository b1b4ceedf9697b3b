import type { UseQueryResult } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form, { type FormInstance } from 'antd/es/form';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '../../../components/FormError';
import { QueryState } from '../../../components/QueryState';
import { useContractSubmit } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';

/** One platform setting: its current value in a form, checked by the contract, saved by an admin. */
export function SettingCard<D, V extends object>({
  title,
  help,
  query,
  toValues,
  toBody = (v) => v,
  schema,
  save,
  updatedAt,
  children,
}: {
  title: string;
  help?: ReactNode;
  query: UseQueryResult<D>;
  toValues: (data: D) => Partial<V>;
  toBody?: (values: V) => object;
  schema: z.ZodType;
  save: (body: never) => Promise<unknown>;
  updatedAt?: (data: D) => string | null | undefined;
  children: (form: FormInstance<V>) => ReactNode;
}) {
  return (
    <Card title={title} style={{ marginBottom: 16 }}>
      {help && <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>}
      <QueryState query={query}>
        {(data) => (
          <SettingForm<V>
            initial={toValues(data)}
            toBody={toBody}
            schema={schema}
            save={save}
            updated={updatedAt?.(data)}
          >
            {children}
          </SettingForm>
        )}
      </QueryState>
    </Card>
  );
}

function SettingForm<V extends object>({
  initial,
  toBody,
  schema,
  save,
  updated,
  children,
}: {
  initial: Partial<V>;
  toBody: (values: V) => object;
  schema: z.ZodType;
  save: (body: never) => Promise<unknown>;
  updated?: string | null;
  children: (form: FormInstance<V>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { submit, formError, busy } = useContractSubmit(form, schema);
  return (
    <Form<V>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) =>
        void submit(toBody(v), save).then((saved) => saved !== undefined && notify.success(t('common.saved')))
      }
    >
      {children(form)}
      <FormError error={formError} />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('common.save')}
      </Button>
      {updated && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 16 }}>
          {t('settings.updatedAt', { at: formatDate(updated) })}
        </Typography.Text>
      )}
    </Form>
  );
}
