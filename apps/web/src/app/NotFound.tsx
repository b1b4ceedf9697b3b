import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH, paths } from '../lib/paths';
import { useSession } from '../lib/session';
import styles from './app.module.css';

export default function NotFound() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => Boolean(s.token));
  return (
    <main className={styles.center}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.errorTitle}>{t('notFound.title')}</h1>
      <p className={styles.errorText}>{t('notFound.text')}</p>
      <Link className={styles.primaryButton} to={loggedIn ? HOME_PATH : paths.login} replace>
        {loggedIn ? t('notFound.back') : t('notFound.toLogin')}
      </Link>
    </main>
  );
}
