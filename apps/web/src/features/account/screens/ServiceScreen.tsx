import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { useAppConfig } from '../../../lib/config';
import { icons } from '../components/icons';

/** Customer service: the contact link the server publishes in common/config. */
export default function ServiceScreen() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const url = config.data?.service_url;
  const safe = url && /^https?:\/\//i.test(url) ? url : null;
  return (
    <Page title={t('routes.service')}>
      <section className={`${ui.card} ${ui.center}`}>
        <span style={{ fontSize: 48, color: '#1467e0' }} aria-hidden="true">
          {icons.service}
        </span>
        <p>{t('service.text')}</p>
        {config.isPending ? (
          <p className={ui.hint}>{t('common.loading')}</p>
        ) : safe ? (
          <a
            className={ui.button}
            href={safe}
            target="_blank"
            rel="noopener noreferrer"
            style={{ lineHeight: '46px', textDecoration: 'none' }}
          >
            {t('service.contact')}
          </a>
        ) : config.isError ? (
          <button type="button" className={ui.secondaryButton} onClick={() => void config.refetch()}>
            {t('common.retry')}
          </button>
        ) : (
          <p className={ui.hint}>{t('service.unavailable')}</p>
        )}
      </section>
    </Page>
  );
}
