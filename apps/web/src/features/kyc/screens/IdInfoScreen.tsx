import { idcardBody } from '@dropdesk/contract/kyc';
import { formatDate } from '@dropdesk/web-kit/format';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField, useBoundField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { currentLang } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { type KycInfo, useIdcard } from '../api/get-idcard';
import { useSubmitIdcard } from '../api/submit-idcard';
import styles from './IdInfo.module.css';

type Values = z.input<typeof idcardBody>;
type Prefill = NonNullable<KycInfo['prefill']>;

/** The contract's limits, shown at the inputs (a 5,000-character name was once taken silently). */
const NAME_MAX = idcardBody.shape.real_name.maxLength ?? 60;
const ID_NUMBER_MAX = 32;

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
      <SentPhotos info={info} />
    </section>
  );
}

/**
 * The photos of the last submission, as the reviewer sees them: the merchant sees what it sent. The
 * server names them by links signed for this session, good for minutes (each read names fresh ones).
 */
function SentPhotos({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const photos = [
    { url: info.id_card_front_url, label: t('kyc.front') },
    { url: info.id_card_back_url, label: t('kyc.back') },
    { url: info.id_card_hand_url, label: t('kyc.hand') },
  ];
  if (photos.some((p) => !p.url)) return null;
  return (
    <div className={styles.sentBlock}>
      <p className={ui.hint} id="kyc-sent-title">
        {t('kyc.sent')}
      </p>
      <ul className={styles.sent} aria-labelledby="kyc-sent-title" data-testid="kyc-sent">
        {photos.map((p) => (
          <li key={p.label}>
            <img src={p.url ?? undefined} alt={p.label} className={styles.photo} />
            <span aria-hidden="true">{p.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Photo({
  control,
  name,
  label,
  src,
}: {
  control: Control<Values>;
  name: keyof Values;
  label: string;
  /** The registration's photo for this field, while its reference is the one kept. */
  src: string | null | undefined;
}) {
  const { value, onChange, error } = useBoundField({ control, name });
  return (
    <UploadTile label={label} kind="id_card" value={value} onChange={onChange} error={error} src={src} />
  );
}

/**
 * The submission. While unverified, what registration took (the name, the three ID photos) is
 * filled in from `prefill`: the merchant checks it, may replace a photo, and adds the ID number.
 */
function IdcardForm({ prefill }: { prefill: Prefill | null }) {
  const { t } = useTranslation();
  const submit = useSubmitIdcard();
  const form = useContractForm(idcardBody, {
    defaultValues: {
      real_name: prefill?.real_name ?? '',
      id_number: '',
      id_card_front: prefill?.id_card_front ?? '',
      id_card_back: prefill?.id_card_back ?? '',
      id_card_hand: prefill?.id_card_hand ?? '',
    },
  });
  const name = form.watch('real_name') ?? '';
  const onSubmit = form.submit(async (body) => {
    await submit.mutateAsync(body);
    toast.success(t('kyc.submitted'));
  });
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
      {prefill && (
        <p className={ui.hint} data-testid="kyc-prefilled">
          {t('kyc.prefilled')}
        </p>
      )}
      <FormField
        control={form.control}
        name="real_name"
        label={t('kyc.realName')}
        autoComplete="name"
        maxLength={NAME_MAX}
        hint={t('kyc.length', { length: name.length, max: NAME_MAX })}
      />
      <FormField
        control={form.control}
        name="id_number"
        label={t('kyc.idNumber')}
        maxLength={ID_NUMBER_MAX}
        autoCapitalize="characters"
      />
      <Photo
        control={form.control}
        name="id_card_front"
        label={t('kyc.front')}
        src={prefill?.id_card_front_url}
      />
      <Photo
        control={form.control}
        name="id_card_back"
        label={t('kyc.back')}
        src={prefill?.id_card_back_url}
      />
      <Photo
        control={form.control}
        name="id_card_hand"
        label={t('kyc.hand')}
        src={prefill?.id_card_hand_url}
      />
      <SubmitBar control={form.control} label={t('kyc.submit')} />
    </form>
  );
}

/** Identity verification: the state, the rejection reason, and the form when it may be (re)submitted. */
export default function IdInfoScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.idInfo')}>
      <QueryState query={useIdcard()}>
        {(info) => (
          <>
            <StatusCard info={info} />
            {(info.status === 'unverified' || info.status === 'rejected') && (
              <IdcardForm prefill={info.prefill} />
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
