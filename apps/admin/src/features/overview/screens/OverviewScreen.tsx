import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useSession } from '../../../lib/session';

/** The first screen after sign-in: the platform at a glance, for every role. */
export default function OverviewScreen() {
  const { t } = useTranslation();
  const { operator } = useSession();
  return (
    <>
      <PageTitle title={t('routes.overview')} />
      <Typography.Paragraph>{t('overview.welcome', { name: operator?.username ?? '' })}</Typography.Paragraph>
    </>
  );
}
