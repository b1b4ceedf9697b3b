import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';

/**
 * A top-up method with nothing configured to pay into (no receiving bank account, no open
 * network): said before anything is typed or uploaded, with no form to submit.
 */
export function NotOpen({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <section className={`${ui.card} ${ui.center}`} role="status" data-testid="method-not-open">
      <p>
        <strong>{t('wallet.notOpen')}</strong>
      </p>
      <p>{reason}</p>
      <Link className={ui.secondaryButton} to={paths.recharge} replace>
        {t('wallet.otherMethods')}
      </Link>
    </section>
  );
}
