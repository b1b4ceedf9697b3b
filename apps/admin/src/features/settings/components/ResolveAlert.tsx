import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import type { ChainAlertRow } from '../api/get-chain-alerts';
import { resolveAlertSchema, useResolveChainAlert } from '../api/resolve-chain-alert';

/**
 * Closes a watcher's alert with what was done about it (admins; the text is required). A refusal
 * (another admin resolved it first: ALREADY_RESOLVED) stays in the dialog in the server's words.
 */
export function ResolveAlert({ alert, onClose }: { alert: ChainAlertRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ resolution: string }>();
  const resolve = useResolveChainAlert();
  const { submit, formError, busy, clear } = useContractSubmit(form, resolveAlertSchema);
  const close = () => {
    clear();
    onClose();
  };
  return (
    <Modal
      open={alert !== null}
      title={t('chain.resolveTitle', { no: alert?.order_no ?? '' })}
      okText={t('chain.resolve')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<{ resolution: string }>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ resolution: '' }}
        onFinish={(v) =>
          void submit({ id: alert?.id, resolution: v.resolution ?? '' }, resolve.mutateAsync).then((done) => {
            if (!done) return;
            notify.success(t('chain.resolvedOk'));
            close();
          })
        }
      >
        <Form.Item name="resolution" label={t('chain.resolution')} extra={t('chain.resolutionHelp')}>
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}
