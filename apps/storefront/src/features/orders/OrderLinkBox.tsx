import { useTranslation } from 'react-i18next';
import { orderUrl } from '../../lib/order-links';

/** A guest's order link, shown so they can keep it: it is their only way back without signing in. */
export function OrderLinkBox({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation();
  const url = orderUrl(id, token);
  return (
    <div className="notice">
      <p>{t('order.linkNote')}</p>
      <p className="link-box">
        <a href={url}>{url}</a>
      </p>
    </div>
  );
}
