import { idNumberField } from '@dropdesk/contract/kyc';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field';
import { LoadFailed } from '../../../components/LoadFailed';
import { Page } from '../../../components/Page';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import { formatDate } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { messageOf } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { type FieldErrors, hasErrors, serverFieldErrors } from '../../../lib/validation';
import { type KycInfo, kycApi, useIdcard } from '../api/kyc-calls';

type Key = 'real_name' | 'id_number' | 'id_card_front' | 'id_card_back' | 'id_card_hand';
const KEYS = ['real_name', 'id_number', 'id_card_front', 'id_card_back', 'id_card_hand'] as const;

export function validateIdcard(v: Record<Key, string>, t: TFunction): FieldErrors<Key> {
  const e: FieldErrors<Key> = {};
  if (!v.real_name.trim()) e.real_name = t('kyc.realNameRequired');
  if (!v.id_number.trim()) e.id_number = t('kyc.idNumberRequired');
  else if (!idNumberField.safeParse(v.id_number).success) e.id_number = messageOf('ID_NUMBER_INVALID');
  if (!v.id_card_front) e.id_card_front = t('kyc.photoRequired');
  if (!v.id_card_back) e.id_card_back = t('kyc.photoRequired');
  if (!v.id_card_hand) e.id_card_hand = t('kyc.photoRequired');
  return e;
}

function StatusCard({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const label = {
    unverified: t('kyc.unverified'),
    pending: t('kyc.pending'),
    verified: t('kyc.verified'),
    rejected: t('kyc.rejected'),
  }[info.status];
  return (
    <section className={ui.card} data-testid="kyc-status" data-status={info.status}>
      <p>
        <strong>{label}</strong>
      </p>
      {info.real_name && (
        <p>
          {info.real_name} · {info.id_number}
        </p>
      )}
      {info.status === 'rejected' && info.reason && (
        <p className={ui.error}>
          {t('kyc.reason')}: {info.reason}
        </p>
      )}
      {info.submitted_at && <p className={ui.hint}>{formatDate(info.submitted_at, lang)}</p>}
    </section>
  );
}

function IdcardForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const {
    values: v,
    errors,
    setErrors,
    set,
  } = useFormFields<Record<Key, string>>({
    real_name: '',
    id_number: '',
    id_card_front: '',
    id_card_back: '',
    id_card_hand: '',
  });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateIdcard(v, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await kycApi.submitIdcard({ ...v, real_name: v.real_name.trim(), id_number: v.id_number.trim() });
      toast.success(t('kyc.submitted'));
      await qc.invalidateQueries({ queryKey: ['kyc'] });
    } catch (error) {
      setErrors(serverFieldErrors(error, KEYS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <Field
        label={t('kyc.realName')}
        value={v.real_name}
        onChange={set('real_name')}
        error={errors.real_name}
      />
      <Field
        label={t('kyc.idNumber')}
        value={v.id_number}
        onChange={set('id_number')}
        error={errors.id_number}
      />
      <UploadTile
        label={t('kyc.front')}
        kind="id_card"
        value={v.id_card_front}
        onChange={set('id_card_front')}
        error={errors.id_card_front}
      />
      <UploadTile
        label={t('kyc.back')}
        kind="id_card"
        value={v.id_card_back}
        onChange={set('id_card_back')}
        error={errors.id_card_back}
      />
      <UploadTile
        label={t('kyc.hand')}
        kind="id_card"
        value={v.id_card_hand}
        onChange={set('id_card_hand')}
        error={errors.id_card_hand}
      />
      <button type="submit" className={ui.button} disabled={busy}>
        {busy ? t('common.loading') : t('kyc.submit')}
      </button>
    </form>
  );
}

/** Identity verification: the state, the rejection reason, and the form when it may be (re)submitted. */
export default function IdInfoScreen() {
  const { t } = useTranslation();
  const q = useIdcard();
  return (
    <Page title={t('routes.idInfo')}>
      {q.isPending ? (
        <p className={ui.center}>{t('common.loading')}</p>
      ) : q.isError ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <>
          <StatusCard info={q.data} />
          {(q.data.status === 'unverified' || q.data.status === 'rejected') && <IdcardForm />}
        </>
      )}
    </Page>
  );
}
