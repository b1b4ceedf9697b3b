import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { dismissEnded, useSessionEnded } from '../lib/session';

/**
 * Says so when the server ended the buyer's session (a 401 for the token sent, lib/api.ts): sign in
 * again, back to this page, or go on as a guest. The page itself keeps working as a guest's.
 */
export function SessionEnded() {
  const { t } = useTranslation();
  const ended = useSessionEnded();
  const [location] = useLocation();
  if (!ended || location === '/login') return null;
  return (
    <div className="notice" role="status" data-testid="session-ended">
      <p>{t('session.ended')}</p>
      <p className="actions">
        <Link href={`/login?next=${encodeURIComponent(location)}`} className="btn primary">
          {t('session.signIn')}
        </Link>
        <button type="button" className="btn" onClick={dismissEnded}>
          {t('session.asGuest')}
        </button>
      </p>
    </div>
  );
}
