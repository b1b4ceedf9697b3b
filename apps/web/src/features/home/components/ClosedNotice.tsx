import { ShopClosedNotice } from '../../../components/ShopClosedNotice';
import { useMerInfo } from '../api/get-mer-info';

/**
 * A closed shop, at the top of Home: the shared notice (the server's SHOP_CLOSED words, the
 * operator's reason, a link to customer service), from the merchant info: the session's at once,
 * then the server's (a shop reopened since the session was stored shows no notice).
 */
export function ClosedNotice() {
  const merinfo = useMerInfo();
  if (merinfo?.status !== 'closed') return null;
  return <ShopClosedNotice reason={merinfo.closed_reason} />;
}
