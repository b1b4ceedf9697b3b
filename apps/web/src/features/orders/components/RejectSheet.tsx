import { refundAuditBody } from '@dropdesk/contract/orders';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useState } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBoundField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useAuditRefund } from '../api/audit-refund';
import type { Refund } from '../api/get-refunds';
import { useAttemptKey } from './attempt';

type Form = { id: number; action: 'approve' | 'reject'; reason?: string };

/** The rejection's reason: a labelled text area, its message tied to it. */
function ReasonField({ control, label, hint }: { control: Control<Form>; label: string; hint: string }) {
  const { value, onChange, onBlur, error, name, ref } = useBoundField({ control, name: 'reason' });
  const id = useId();
  const described = error ? `${id}-error` : `${id}-hint`;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        name={name}
        className={ui.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error ? (
        <p id={`${id}-error`} className={ui.error} role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className={ui.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Reject one refund with a reason (required by the contract's refundAuditBody); the buyer may appeal. */
function RejectForm({ refund, onDone }: { refund: Refund; onDone: () => void }) {
  const { t } = useTranslation();
  const audit = useAuditRefund();
  const attempt = useAttemptKey();
  const form = useContractForm(refundAuditBody, {
    defaultValues: { id: refund.id, action: 'reject', reason: '' },
  });
  const onSubmit = form.submit(async (body) => {
    try {
      await audit.mutateAsync({ body, idempotencyKey: attempt.keyFor(body), quiet: true });
    } catch (error) {
      attempt.failed(error);
      throw error;
    }
    toast.success(t('orders.refund.rejected'));
    onDone();
  });
  return (
    <form className={sheet.form} onSubmit={onSubmit} noValidate>
      <h2 className={sheet.formTitle}>{t('orders.refund.rejectTitle', { orderNo: refund.order_no })}</h2>
      <ReasonField
        control={form.control as unknown as Control<Form>}
        label={t('orders.refund.reason')}
        hint={t('orders.refund.rejectHint')}
      />
      <SubmitBar control={form.control} label={t('orders.refund.reject')} />
      <button type="button" className={ui.link} onClick={onDone}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

/** The rejection sheet: `open(refund)` shows it; render `sheet` once on the screen. */
export function useRejectSheet() {
  const { t } = useTranslation();
  const [state, setState] = useState<{ refund: Refund; n: number } | null>(null);
  const [visible, setVisible] = useState(false);
  const open = (refund: Refund) => {
    setState((s) => ({ refund, n: (s?.n ?? 0) + 1 }));
    setVisible(true);
  };
  const close = () => setVisible(false);
  const element = (
    <Popup visible={visible} onMaskClick={close} destroyOnClose bodyClassName={sheet.sheet}>
      {state && (
        <div role="dialog" aria-label={t('orders.refund.rejectTitle', { orderNo: state.refund.order_no })}>
          <RejectForm key={state.n} refund={state.refund} onDone={close} />
        </div>
      )}
    </Popup>
  );
  return { open, sheet: element };
}
