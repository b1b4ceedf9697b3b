import type { RechargeMethod } from '@dropdesk/contract/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceLink } from '../../../components/ServiceLink';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';
import { useOpenMethods } from '../api/top-up-methods';
import styles from './wallet.module.css';

/**
 * A top-up method with nothing configured to pay into (no receiving bank account, no manual
 * instructions, no open network): said before anything is typed or uploaded, with no form to
 * submit, and what to do instead: ask customer service (the platform's link), or take a method that
 * is open. A new platform has none open until an operator configures them (it was a dead
 * end that said "not open" and nothing else).
 */
export function NotOpen({ method, reason }: { method: RechargeMethod; reason: string }) {
  const { t } = useTranslation();
  const open = useOpenMethods();
  // Offered unless every other method is known to be closed too.
  const another = Object.entries(open).some(([m, isOpen]) => m !== method && isOpen !== false);
  return (
    <section className={`${ui.card} ${ui.center}`} role="status" data-testid="method-not-open">
      <p>
        <strong>{t('wallet.notOpen')}</strong>
      </p>
      <p>{reason}</p>
      <p className={styles.next}>{t('wallet.askService')}</p>
      <ServiceLink className={ui.button} />
      {another && (
        <Link className={ui.secondaryButton} to={paths.recharge} replace>
          {t('wallet.otherMethods')}
        </Link>
      )}
    </section>
  );
}
