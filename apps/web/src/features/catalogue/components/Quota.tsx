import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import styles from './catalogue.module.css';

/** Listings held of the level's quota, in words and as a bar (red when full). */
export function Quota({ used, total }: { used: number; total: number }) {
  const { t } = useTranslation();
  const share = total > 0 ? Math.min(1, used / total) : 1;
  return (
    <div className={styles.quota} data-testid="quota">
      <p className={ui.hint}>{t('catalogue.quotaUsed', { used, total })}</p>
      <div className={styles.meter} aria-hidden="true">
        <div
          className={styles.meterFill}
          data-full={used >= total}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}
