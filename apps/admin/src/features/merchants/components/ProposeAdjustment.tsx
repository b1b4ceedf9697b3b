import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { proposeAdjustment, proposeAdjustmentSchema, useAdjustmentAction } from '../api/adjustments';

/** An admin proposes a credit or debit of the wallet with a reason; another admin must approve it. */
export function ProposeAdjustment({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ direction: 'credit' | 'debit'; amount?: string; reason?: string }>();
  const propose = useAdjustmentAction(proposeAdjustment);
  const { submit, formError, busy, clear } = useContractSubmit(form, proposeAdjustmentSchema);
  if (!canUse(operator?.role, merchantAdminRoutes.proposeAdjustment)) return null;
  const done = () => {
    clear();
    form.resetFields();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('merchants.proposeAdjustment')}</Button>
      <Modal
        open={open}
        title={t('merchants.proposeAdjustment')}
        okText={t('merchants.propose')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => form.submit()}
        onCancel={done}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('merchants.fourEyes')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ direction: 'credit' }}
          onFinish={(v) =>
            void submit({ merchant_id: merchantId, ...v }, propose.mutateAsync).then((ok) => {
              if (!ok) return;
              notify.success(t('merchants.proposed'));
              done();
            })
          }
        >
          <Form.Item name="direction" label={t('merchants.direction')}>
            <Radio.Group
              options={[
                { value: 'credit', label: t('merchants.credit') },
                { value: 'debit', label: t('merchants.debit') },
              ]}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('merchants.amount')}>
            <Input inputMode="decimal" placeholder="0.00" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('merchants.adjustmentReason')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
          <FormError error={formError} />
        </Form>
      </Modal>
    </>
  );
}
