import { adminShopRoutes } from '@dropdesk/contract/shop';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { closeShopSchema, reopenShopSchema, useCloseShop, useReopenShop } from '../api/shop';

/** Close a shop with a reason the merchant reads, or reopen it with a note. */
export function ShopActions({ merchantId, closed }: { merchantId: number; closed: boolean }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason?: string; note?: string }>();
  const close = useCloseShop();
  const reopen = useReopenShop();
  const { submit, formError, busy, clear } = useContractSubmit(
    form,
    closed ? reopenShopSchema : closeShopSchema,
  );
  if (!canUse(operator?.role, closed ? adminShopRoutes.reopen : adminShopRoutes.close)) return null;
  const done = () => {
    clear();
    form.resetFields();
    setOpen(false);
  };
  return (
    <>
      <Button danger={!closed} onClick={() => setOpen(true)}>
        {closed ? t('merchants.reopenShop') : t('merchants.closeShop')}
      </Button>
      <Modal
        open={open}
        title={closed ? t('merchants.reopenShop') : t('merchants.closeShop')}
        okText={closed ? t('merchants.reopen') : t('merchants.close')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: !closed, loading: busy }}
        onOk={() => form.submit()}
        onCancel={done}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => {
            const body = closed
              ? { merchant_id: merchantId, note: v.note ?? '' }
              : { merchant_id: merchantId, reason: v.reason ?? '' };
            void submit(body, (b: never) => (closed ? reopen.mutateAsync(b) : close.mutateAsync(b))).then(
              (ok) => {
                if (!ok) return;
                notify.success(closed ? t('merchants.reopened') : t('merchants.closedDone'));
                done();
              },
            );
          }}
        >
          {closed ? (
            <Form.Item name="note" label={t('merchants.reopenNote')}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          ) : (
            <Form.Item name="reason" label={t('merchants.closeReason')} extra={t('merchants.closeHelp')}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          )}
          <FormError error={formError} />
        </Form>
      </Modal>
    </>
  );
}
