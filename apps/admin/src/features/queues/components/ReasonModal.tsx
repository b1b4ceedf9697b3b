import { reasonField } from '@dropdesk/contract/wallet';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';

const reasonBody = z.object({ reason: reasonField });

/**
 * A reason the merchant will read: chosen from the queue's presets (which fill the text, still
 * editable) or typed. The contract's reason rule checks it; `send` runs the decision.
 */
export function ReasonModal({
  open,
  title,
  okText,
  presets,
  onClose,
  send,
}: {
  open: boolean;
  title: string;
  okText: string;
  presets: string[];
  onClose: () => void;
  send: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ preset?: string; reason?: string }>();
  const { submit, formError, busy, clear } = useContractSubmit(form, reasonBody);
  const close = () => {
    form.resetFields();
    clear();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
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
          void submit({ reason: v.reason ?? '' }, () => send((v.reason ?? '').trim())).then((done) => {
            if (done !== undefined) close();
          })
        }
      >
        <Form.Item name="preset" label={t('queues.reasonPreset')}>
          <Select
            allowClear
            options={presets.map((p) => ({ value: p, label: p }))}
            onChange={(p?: string) => p && form.setFieldValue('reason', p)}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('queues.reason')}>
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}
