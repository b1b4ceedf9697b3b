import { useTranslation } from 'react-i18next';
import { StoreError } from '../lib/api';

/** What a failed call tells the buyer: the server's own words for a refusal, ours otherwise. */
export function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof StoreError) {
      if (error.kind === 'refused' && error.message) return error.message;
      if (error.kind === 'unauthorized') return t('error.signIn');
      if (error.kind === 'network') return t('error.network');
    }
    return t('error.server');
  };
}

/**
 * A failed read, with a way to try again. In place of a whole page (`page`), it carries the page's
 * heading too, so the page still has one.
 */
export function Failure({ error, retry, page }: { error: unknown; retry?: () => void; page?: boolean }) {
  const { t } = useTranslation();
  const text = useFailureText();
  return (
    <div className="notice error" role="alert">
      {page && <h1>{t('error.pageTitle')}</h1>}
      <p>{text(error)}</p>
      {retry && (
        <button type="button" className="btn" onClick={retry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/** Whether a failure is "this does not exist" (or is not this buyer's): the page says not found. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof StoreError && error.key === 'NOT_FOUND';
