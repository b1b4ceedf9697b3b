import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import styles from './route-error.module.css';

function isChunkError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Each screen's error boundary: what happened and a retry (a chunk that failed to download reloads).
 * Plain HTML: the root's boundary must not bring antd to the sign-in screen.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <main className={styles.box}>
        <h1>{t('notFound.title')}</h1>
      </main>
    );
  const chunk = isChunkError(error);
  if (!chunk) console.error(error);
  return (
    <main className={styles.box} role="alert">
      <h1>{chunk ? t('errors.chunkTitle') : t('errors.screenTitle')}</h1>
      <p>{chunk ? t('errors.chunkText') : t('errors.screenText')}</p>
      <button
        type="button"
        className={styles.button}
        onClick={() => (chunk ? window.location.reload() : navigate(0))}
      >
        {t('common.retry')}
      </button>
    </main>
  );
}
