import type { MerInfo } from '@dropdesk/contract/account';
import { LANGUAGE_NAMES } from '@dropdesk/contract/constants';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../components/LazyImage';
import { InfoList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { countryName, formatDate } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useMerInfo } from '../api/get-mer-info';

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

/** Personal info: who the merchant is and how the shop is registered (read-only here). */
export default function PersonalInfoScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const kycLabel = useKycLabel();
  const { merinfo, query } = useMerInfo();
  if (!merinfo) {
    return (
      <Page title={t('routes.personalInfo')}>
        <div className={ui.center}>
          {query.isError ? (
            <>
              <p>{t('common.loadFailed')}</p>
              <button type="button" className={ui.secondaryButton} onClick={() => void query.refetch()}>
                {t('common.retry')}
              </button>
            </>
          ) : (
            <p>{t('common.loading')}</p>
          )}
        </div>
      </Page>
    );
  }
  return (
    <Page title={t('routes.personalInfo')}>
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
          { key: 'created', label: t('personal.createdAt'), value: formatDate(merinfo.created_at, lang) },
        ]}
      />
      <InfoList
        rows={[
          { key: 'shop', label: t('personal.storeName'), value: merinfo.shop.name },
          { key: 'address', label: t('personal.storeAddress'), value: merinfo.shop.address },
          { key: 'invite', label: t('personal.inviteCode'), value: merinfo.invite_code },
        ]}
      />
    </Page>
  );
}
