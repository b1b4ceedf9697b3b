import type { BuyerOrder } from '@dropdesk/contract/store';
import { formatDate } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Failure, Loading } from '../../components/Failure';
import { Money } from '../../components/Money';
import { api } from '../../lib/api';
import { currentLang } from '../../lib/i18n';
import { ORDER_STATUS_KEYS } from '../../lib/labels';
import { orderLinks } from '../../lib/order-links';
import { useBuyer } from '../../lib/session';
import { useTitle } from '../../lib/title';
import { usePages } from '../../lib/use-load';

const LIMIT = 20;

/** `/s/orders`: a signed-in buyer's orders (newest first), and the order links kept on this device. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const buyer = useBuyer();
  const links = orderLinks();
  useTitle(t('orders.title'));
  return (
    <section className="page" aria-labelledby="orders-title">
      <h1 id="orders-title">{t('orders.title')}</h1>
      {buyer ? (
        <BuyerOrders key={buyer.token} />
      ) : (
        <p>
          {t('orders.signInText')} <Link href="/login?next=%2Forders">{t('nav.signIn')}</Link>
        </p>
      )}
      {links.length > 0 && (
        <>
          <h2>{t('orders.onDevice')}</h2>
          <ul className="list">
            {links.map((l) => (
              <li key={l.id}>
                <Link href={`/order/${l.id}?t=${encodeURIComponent(l.token)}`}>
                  {l.title}
                  <br />
                  <span className="muted">{l.order_no}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function BuyerOrders() {
  const { t } = useTranslation();
  const { items, loading, error, retry, more, hasMore } = usePages<BuyerOrder>(
    (page, signal) => api('orders', { query: { page: String(page), limit: String(LIMIT) }, signal }),
    [],
  );
  return (
    <>
      {items.length > 0 && (
        <ul className="list">
          {items.map((o) => (
            <li key={o.id}>
              <Link href={`/order/${o.id}`}>
                {o.title} × {o.quantity}
                <br />
                <span className="status">{t(ORDER_STATUS_KEYS[o.status] ?? 'status.unknown')}</span> ·{' '}
                <Money value={o.total} />
                <br />
                <span className="muted">
                  {o.order_no} · {formatDate(o.created_at, currentLang())}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!loading && !error && items.length === 0 && <p>{t('orders.empty')}</p>}
      {loading && <Loading />}
      {error !== null && <Failure error={error} retry={retry} />}
      {hasMore && (
        <p className="actions">
          <button type="button" className="btn block" onClick={more}>
            {t('shop.more')}
          </button>
        </p>
      )}
    </>
  );
}
