import { accountNumberField } from '@dropdesk/contract/kyc';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field';
import { LoadFailed } from '../../../components/LoadFailed';
import { Page } from '../../../components/Page';
import { PayPasswordInput } from '../../../components/PayPasswordInput';
import ui from '../../../components/ui.module.css';
import { messageOf } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { type FieldErrors, hasErrors, isPayPassword, refusalAtFields } from '../../../lib/validation';
import { kycApi, kycKeys, useBank } from '../api/kyc-calls';

type Key = 'holder_name' | 'bank_name' | 'account_number' | 'pay_password';
const KEYS = ['holder_name', 'bank_name', 'account_number', 'pay_password'] as const;

export function validateBank(v: Record<Key, string>, t: TFunction): FieldErrors<Key> {
  const e: FieldErrors<Key> = {};
  if (!v.holder_name.trim()) e.holder_name = t('bank.holderRequired');
  if (!v.bank_name.trim()) e.bank_name = t('bank.bankRequired');
  if (!v.account_number.replace(/[\s-]/g, '')) e.account_number = t('bank.accountRequired');
  else if (!accountNumberField.safeParse(v.account_number).success)
    e.account_number = messageOf('ACCOUNT_NUMBER_INVALID');
  if (!isPayPassword(v.pay_password)) e.pay_password = t('wallet.payPasswordRequired');
  return e;
}

/** The bank card withdrawals go to: shown masked, changed with the payment password. */
export default function BankScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useBank();
  const {
    values: v,
    setValues: setV,
    errors,
    setErrors,
    set,
  } = useFormFields<Record<Key, string>>({
    holder_name: '',
    bank_name: '',
    account_number: '',
    pay_password: '',
  });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateBank(v, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await kycApi.changeBank(v);
      toast.success(t('bank.saved'));
      setV({ holder_name: '', bank_name: '', account_number: '', pay_password: '' });
      await qc.invalidateQueries({ queryKey: kycKeys.allBank });
    } catch (error) {
      setErrors(refusalAtFields(error, KEYS));
      setV((x) => ({ ...x, pay_password: '' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={t('routes.bank')}>
      {q.isPending ? (
        <p className={ui.center}>{t('common.loading')}</p>
      ) : q.isError ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <section className={ui.card} data-testid="bank-card">
          {q.data.bank ? (
            <p>
              {q.data.bank.bank_name} · {q.data.bank.holder_name} · {q.data.bank.account_number}
            </p>
          ) : (
            <p>{t('bank.none')}</p>
          )}
        </section>
      )}
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <Field
          label={t('bank.holder')}
          value={v.holder_name}
          onChange={set('holder_name')}
          error={errors.holder_name}
        />
        <Field
          label={t('bank.bankName')}
          value={v.bank_name}
          onChange={set('bank_name')}
          error={errors.bank_name}
        />
        <Field
          label={t('bank.account')}
          inputMode="numeric"
          value={v.account_number}
          onChange={set('account_number')}
          error={errors.account_number}
        />
        <PayPasswordInput
          testId="bank-pay-password"
          label={t('wallet.payPassword')}
          value={v.pay_password}
          onChange={set('pay_password')}
          error={errors.pay_password}
        />
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : t('common.save')}
        </button>
      </form>
    </Page>
  );
}
