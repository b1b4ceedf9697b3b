import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import type { AdjustmentRow } from '../api/adjustments';

/** Reject (or, for its proposer, withdraw) a pending adjustment with a reason for the admins. */
export function RejectAdjustment({
  item,
  onClose,
  send,
}: {
  item: AdjustmentRow | null;
  onClose: () => void;
  send: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const { submit, formError, busy, clear } = useContractSubmit(
    form,
    merchantAdminRoutes.rejectAdjustment.body,
  );
  const close = () => {
    clear();
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={item !== null}
      title={t('merchants.rejectAdjustment', { id: item?.id ?? '' })}
      okText={t('merchants.reject')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          void submit({ id: item?.id, reason: v.reason ?? '' }, () => send((v.reason ?? '').trim())).then(
            (ok) => {
              if (ok === undefined) return;
              notify.success(t('merchants.adjustmentRejected'));
              close();
            },
          )
        }
      >
        <Form.Item name="reason" label={t('merchants.rejectReasonAdmins')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}
