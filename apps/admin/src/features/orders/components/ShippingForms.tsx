import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { progressSchema, useProgressOrder } from '../api/progress-order';
import { shipSchema, useShipOrder } from '../api/ship-order';

/** Ship a picked-up order: carrier and tracking number. */
export function ShipForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ carrier?: string; tracking_no?: string }>();
  const ship = useShipOrder();
  const { submit, formError, busy } = useContractSubmit(form, shipSchema);
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(v) =>
        void submit({ id: orderId, ...v }, ship.mutateAsync).then(
          (done) => done && notify.success(t('orders.shipped')),
        )
      }
    >
      <Form.Item name="carrier" label={t('orders.carrier')}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="tracking_no" label={t('orders.trackingNo')}>
        <Input maxLength={60} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('orders.markShipped')}
      </Button>
      <div style={{ width: '100%', marginTop: 8 }}>
        <FormError error={formError} />
      </div>
    </Form>
  );
}

/** The next shipping step of a shipped order (in transit) or one in transit (reached), with a note. */
export function ProgressForm({ orderId, next }: { orderId: number; next: 6 | 7 }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note?: string }>();
  const progress = useProgressOrder();
  const { submit, formError, busy } = useContractSubmit(form, progressSchema);
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(v) =>
        void submit(
          { id: orderId, status: next, ...(v.note ? { note: v.note } : {}) },
          progress.mutateAsync,
        ).then((done) => done && notify.success(t('common.saved')))
      }
    >
      <Form.Item name="note" label={t('orders.note')}>
        <Input maxLength={200} style={{ width: 320 }} placeholder={t('orders.notePlaceholder')} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {next === 6 ? t('orders.markInTransit') : t('orders.markReached')}
        </Button>
      </Flex>
      <div style={{ width: '100%', marginTop: 8 }}>
        <FormError error={formError} />
      </div>
    </Form>
  );
}
