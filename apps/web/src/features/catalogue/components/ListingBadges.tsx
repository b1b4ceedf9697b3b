import type { ListingStatus, UnsellableReason } from '@dropdesk/contract/catalogue';
import { useTranslation } from 'react-i18next';
import list from '../../../components/list.module.css';

interface Props {
  status: ListingStatus;
  unsellableReason: UnsellableReason | null;
  recommended?: boolean;
}

/** A listing's shelf (selling / in warehouse), why it can't be sold whatever the shelf says, and the recommended flag. */
export function ListingBadges({ status, unsellableReason, recommended }: Props) {
  const { t } = useTranslation();
  return (
    <span className={list.badges}>
      {status === 'selling' ? (
        <span className={list.badge} data-tone="ok" data-testid="status">
          {t('catalogue.status.selling')}
        </span>
      ) : (
        <span className={list.badge} data-testid="status">
          {t('catalogue.status.warehouse')}
        </span>
      )}
      {unsellableReason === 'inactive' && (
        <span className={list.badge} data-tone="warn" data-testid="unsellable">
          {t('catalogue.unsellable.inactive')}
        </span>
      )}
      {unsellableReason === 'out_of_stock' && (
        <span className={list.badge} data-tone="warn" data-testid="unsellable">
          {t('catalogue.unsellable.outOfStock')}
        </span>
      )}
      {recommended && (
        <span className={list.badge} data-tone="info">
          {t('catalogue.recommended')}
        </span>
      )}
    </span>
  );
}
