import Form, { type FormInstance } from 'antd/es/form';
import Modal from 'antd/es/modal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';

/**
 * A modal form over a contract body: `toBody` turns the fields into the body, the schema checks
 * it (refusals at their fields), `save` sends it.
 */
export function EditModal<V extends object>({
  open,
  title,
  initialValues,
  schema,
  toBody,
  save,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  initialValues: Partial<V>;
  schema: z.ZodType;
  toBody: (values: V) => object;
  save: (body: never) => Promise<unknown>;
  onClose: () => void;
  children: (form: FormInstance<V>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { submit, formError, busy, clear } = useContractSubmit(form, schema);
  const close = () => {
    clear();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={640}
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        onFinish={(v) =>
          void submit(toBody(v), save).then((saved) => {
            if (saved === undefined) return;
            notify.success(t('common.saved'));
            close();
          })
        }
      >
        {children(form)}
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}
