import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { useAppConfig } from '../../../lib/config';
import { icons } from '../components/icons';

/** Customer service: the contact link the server publishes in common/config. */
export default function ServiceScreen() {
  const { t } = useTranslation();
  const config = useAppConfig();
  return (
    <Page title={t('routes.service')}>
      <section className={`${ui.card} ${ui.center}`}>
        <span style={{ fontSize: 48, color: '#1467e0' }} aria-hidden="true">
          {icons.service}
        </span>
        <p>{t('service.text')}</p>
        <QueryState query={config}>
          {(data) => {
            const url = data.service_url;
            // What operators wrote besides the link (hours, an email), as text: line breaks kept.
            const text = data.service_text ? (
              <p style={{ whiteSpace: 'pre-line', margin: 0 }} data-testid="service-text">
                {data.service_text}
              </p>
            ) : null;
            return url && /^https?:\/\//i.test(url) ? (
              <>
                {text}
                <a
                  className={ui.button}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ lineHeight: '46px', textDecoration: 'none' }}
                >
                  {t('service.contact')}
                </a>
              </>
            ) : (
              (text ?? <p className={ui.hint}>{t('service.unavailable')}</p>)
            );
          }}
        </QueryState>
      </section>
    </Page>
  );
}
