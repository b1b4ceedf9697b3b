import type { MerInfo } from '@dropdesk/contract/account';
import { LANGUAGE_NAMES, type Lang } from '@dropdesk/contract/constants';
import { foldText } from '@dropdesk/contract/fold';
import { countryName, formatDate } from '@dropdesk/web-kit/format';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../components/LazyImage';
import { InfoList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { SearchSheet } from '../../../components/SearchSheet';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/http';
import { currentLang } from '../../../lib/i18n';
import { knownZones, zoneInWords } from '../../../lib/time-zone';
import { toast } from '../../../lib/toast';
import { useMerInfo } from '../api/get-mer-info';
import { useSetTimeZone } from '../api/set-time-zone';
import styles from './personal.module.css';

function useKycLabel() {
  const { t } = useTranslation();
  return (status: MerInfo['kyc_status']) => {
    switch (status) {
      case 'verified':
        return t('kyc.verified');
      case 'pending':
        return t('kyc.pending');
      case 'rejected':
        return t('kyc.rejected');
      default:
        return t('kyc.unverified');
    }
  };
}

/** Lower case without accents: 'ho chi' finds Ho_Chi_Minh, 'gio dong' finds 'Giờ Đông Dương'. */
/** A zone's words as searched: folded as every search is (the contract's foldText), `_` as a space. */
const folded = (text: string) => foldText(text.replaceAll('_', ' '));

/**
 * The merchant's time zone, in words, and a sheet to change it: every IANA zone this browser knows,
 * searchable by city, id or name in the reader's language. The finance report's days follow it.
 */
function TimeZoneRow({ zone, lang }: { zone: string; lang: Lang }) {
  const { t } = useTranslation();
  const save = useSetTimeZone();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // Named only when the sheet opens: some 400 zones, three Intl formats each.
  const zones = useMemo(
    () =>
      open
        ? knownZones(zone).map((id) => {
            const words = zoneInWords(id, lang);
            return { id, words, search: folded(`${id} ${words}`) };
          })
        : [],
    [open, lang, zone],
  );
  const wanted = folded(filter.trim());
  const shown = wanted ? zones.filter((z) => z.search.includes(wanted)) : zones;

  const choose = async (next: string) => {
    setRefusal(null);
    if (next === zone) return setOpen(false);
    try {
      await save.mutateAsync({ time_zone: next });
      setOpen(false);
      setFilter('');
      toast.success(t('personal.timeZoneSaved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.fields.time_zone ?? error.message);
    }
  };

  return (
    <>
      <span className={styles.zone} data-testid="time-zone">
        {zoneInWords(zone, lang)}
      </span>
      <button type="button" className={ui.link} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('personal.changeTimeZone')}
      </button>
      <SearchSheet
        open={open}
        onClose={() => setOpen(false)}
        label={t('personal.timeZone')}
        search={filter}
        onSearch={setFilter}
        searchLabel={t('personal.timeZoneSearch')}
      >
        {refusal && (
          <p className={`${ui.error} ${styles.refusal}`} role="alert">
            {refusal}
          </p>
        )}
        {shown.length === 0 && <p className={ui.center}>{t('personal.timeZoneNone')}</p>}
        <ul className={styles.zones}>
          {shown.map((z) => (
            <li key={z.id}>
              <button
                type="button"
                className={styles.zoneOption}
                aria-pressed={z.id === zone}
                disabled={save.isPending}
                onClick={() => void choose(z.id)}
              >
                <span>{z.words}</span>
                <span className={styles.zoneId}>{z.id}</span>
              </button>
            </li>
          ))}
        </ul>
      </SearchSheet>
    </>
  );
}

/** Personal info: who the merchant is and how the shop is registered; the time zone may be changed. */
export default function PersonalInfoScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const kycLabel = useKycLabel();
  const { merinfo, query } = useMerInfo();
  return (
    <Page title={t('routes.personalInfo')}>
      <QueryState query={{ ...query, data: merinfo ?? undefined }}>
        {(merinfo) => (
          <>
            <div className={ui.center} style={{ paddingTop: 8 }}>
              <LazyImage src={merinfo.shop.logo_url} alt={t('my.logoAlt')} width={72} height={72} />
            </div>
            <InfoList
              rows={[
                { key: 'real_name', label: t('personal.realName'), value: merinfo.real_name },
                { key: 'phone', label: t('personal.phone'), value: merinfo.phone },
                { key: 'email', label: t('personal.email'), value: merinfo.email },
                { key: 'country', label: t('personal.country'), value: countryName(merinfo.country, lang) },
                { key: 'kyc', label: t('personal.kyc'), value: kycLabel(merinfo.kyc_status) },
                {
                  key: 'language',
                  label: t('language.title'),
                  value: <span lang={merinfo.lang}>{LANGUAGE_NAMES[merinfo.lang]}</span>,
                },
                {
                  key: 'time_zone',
                  label: t('personal.timeZone'),
                  value: <TimeZoneRow zone={merinfo.time_zone} lang={lang} />,
                },
                {
                  key: 'created',
                  label: t('personal.createdAt'),
                  value: formatDate(merinfo.created_at, lang),
                },
              ]}
            />
            <InfoList
              rows={[
                { key: 'shop', label: t('personal.storeName'), value: merinfo.shop.name },
                { key: 'address', label: t('personal.storeAddress'), value: merinfo.shop.address },
                { key: 'invite', label: t('personal.inviteCode'), value: merinfo.invite_code },
              ]}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
