import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../lib/messages';
import { paths } from '../lib/paths';
import styles from './notice.module.css';

export interface ShopClosedNoticeProps {
  /** The operator's reason (`merinfo.closed_reason`), shown as text under the message when given. */
  reason?: string | null | undefined;
  /** Offer the link to customer service (/service); true unless a screen shows its own. */
  contactLink?: boolean;
  /** Extra class for the block (spacing on the screen that shows it). */
  className?: string;
}

/**
 * A closed shop (an operator closed it, with a reason): the server's own SHOP_CLOSED words ('The
 * store is closed, please contact customer service') in the reader's language, the reason, and a
 * link to customer service. Shown wherever the merchant would otherwise act (Home, the shop
 * settings), in place of a form the server would refuse. Read `status` and `closed_reason` from the
 * session's merchant info:
 *
 *   {merinfo?.status === 'closed' && <ShopClosedNotice reason={merinfo.closed_reason} />}
 */
export function ShopClosedNotice({ reason, contactLink = true, className }: ShopClosedNoticeProps) {
  const { t } = useTranslation();
  return (
    <div
      className={className ? `${styles.closed} ${className}` : styles.closed}
      role="status"
      data-testid="shop-closed"
    >
      <p>
        <strong>{messageOf('SHOP_CLOSED')}</strong>
      </p>
      {reason && <p className={styles.reason}>{t('shopClosed.reason', { reason })}</p>}
      {contactLink && (
        <Link to={paths.service} className={styles.contact}>
          {t('service.contact')}
        </Link>
      )}
    </div>
  );
}
