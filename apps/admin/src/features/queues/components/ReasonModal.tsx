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

/** A preset reason: the server's code (sent as `reason_code`) and its text in the operator's language. */
export interface Preset {
  code?: string;
  text: string;
}

/** What a rejection carries: the preset's code, or the typed words (never both: FIELD_REASON_ONE). */
export type Reason = { reason_code: string } | { reason: string };

/**
 * A reason the merchant will read: a preset of the queue (the server stores its text in the
 * merchant's own language) or typed words. Choosing a preset fills the text; editing the text makes
 * it a typed reason. The contract's reason rule checks typed words; `send` runs the decision.
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
  presets: Preset[];
  onClose: () => void;
  send: (reason: Reason) => Promise<unknown>;
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
        onFinish={(v) => {
          const preset = presets.find((p) => p.code !== undefined && p.code === v.preset);
          const typed = (v.reason ?? '').trim();
          const reason: Reason =
            preset?.code !== undefined && typed === preset.text.trim()
              ? { reason_code: preset.code }
              : { reason: typed };
          void submit('reason_code' in reason ? { reason: preset?.text } : reason, () => send(reason)).then(
            (done) => {
              if (done !== undefined) close();
            },
          );
        }}
      >
        <Form.Item name="preset" label={t('queues.reasonPreset')}>
          <Select
            allowClear
            options={presets.map((p) => ({ value: p.code ?? p.text, label: p.text }))}
            onChange={(value?: string) => {
              const preset = presets.find((p) => (p.code ?? p.text) === value);
              if (preset) form.setFieldValue('reason', preset.text);
            }}
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
