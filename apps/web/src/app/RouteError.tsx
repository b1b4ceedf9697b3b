import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import styles from './app.module.css';

function isChunkError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Each screen's error boundary: says what happened and offers a retry. A screen whose code
 * failed to download (a new deployment, a dropped connection) is retried by reloading the page.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className={styles.center}>
        <h1 className={styles.errorTitle}>{t('notFound.title')}</h1>
      </main>
    );
  }
  const chunk = isChunkError(error);
  if (!chunk) console.error(error);
  const retry = () => {
    if (chunk) window.location.reload();
    else navigate(0);
  };
  return (
    <main className={styles.center} role="alert">
      <h1 className={styles.errorTitle}>
        {chunk ? t('errorBoundary.chunkTitle') : t('errorBoundary.title')}
      </h1>
      <p className={styles.errorText}>{chunk ? t('errorBoundary.chunkText') : t('errorBoundary.text')}</p>
      <button type="button" className={styles.primaryButton} onClick={retry}>
        {t('common.retry')}
      </button>
    </main>
  );
}
