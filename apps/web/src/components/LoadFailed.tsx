import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import ui from './ui.module.css';

/** Why the data did not load, in place of it, with a retry. The calls are quiet: this is the only message. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason =
    error instanceof ApiError && error.kind === 'server'
      ? t('errors.server')
      : error instanceof ApiError && error.message
        ? error.message
        : t('common.loadFailed');
  return (
    <div className={ui.center} role="alert">
      <p>{reason}</p>
      <button type="button" className={ui.secondaryButton} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
