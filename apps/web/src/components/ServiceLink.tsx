import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../lib/config';
import { paths } from '../lib/paths';

/** A customer-service link an operator set (common/config `service_url`): web addresses only. */
export const isServiceUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * "Contact customer service": the platform's own link (a chat, a page), opened in a new tab; while
 * there is none (or the config has not answered), the /service screen, which says what there is
 * (the operators' text, or that customer service is not available).
 */
export function ServiceLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const url = useAppConfig().data?.service_url;
  return isServiceUrl(url) ? (
    <a className={className} href={url} target="_blank" rel="noopener noreferrer" data-testid="service-link">
      {t('service.contact')}
    </a>
  ) : (
    <Link className={className} to={paths.service} data-testid="service-link">
      {t('service.contact')}
    </Link>
  );
}
