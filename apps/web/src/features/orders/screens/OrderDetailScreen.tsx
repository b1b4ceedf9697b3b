import { formatDate } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/http';
import { currentLang } from '../../../lib/i18n';
import { type OrderDetail, useOrderDetail } from '../api/get-order-detail';
import { OrderStatusBadge } from '../components/labels';
import { MoneyTrail } from '../components/MoneyTrail';
import { OrderBadges, OrderFacts, OrderFigures, OrderThumb, useProductTitle } from '../components/OrderRow';
import styles from '../components/orders.module.css';
import { usePickSheet } from '../components/PickSheet';
import { Timeline } from '../components/Timeline';
import { orderPaths } from '../paths';

/** Who receives the order: masked until the merchant picks it up, and why. */
function Receiver({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="receiver-title" data-testid="receiver">
      <h2 id="receiver-title" className={ui.sectionTitle}>
        {t('orders.receiver')}
      </h2>
      <dl className={styles.pairs}>
        <dt>{t('orders.receiverName')}</dt>
        <dd>{order.receiver_name}</dd>
        <dt>{t('orders.phone')}</dt>
        <dd>{order.receiver_phone}</dd>
        <dt>{t('orders.address')}</dt>
        <dd>{order.address}</dd>
      </dl>
      {order.masked && (
        <p className={styles.note} data-testid="masked-note">
          {t('orders.maskedWhy')}
        </p>
      )}
    </section>
  );
}

function Shipping({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <section className={ui.card} aria-labelledby="shipping-title" data-testid="shipping">
      <h2 id="shipping-title" className={ui.sectionTitle}>
        {t('orders.shipping')}
      </h2>
      {order.tracking_no ? (
        <dl className={styles.pairs}>
          <dt>{t('orders.carrier')}</dt>
          <dd>{order.carrier ?? '—'}</dd>
          <dt>{t('orders.trackingNo')}</dt>
          <dd>{order.tracking_no}</dd>
          {order.shipped_at && (
            <>
              <dt>{t('orders.shippedAt')}</dt>
              <dd>{formatDate(order.shipped_at, lang)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className={ui.hint}>{t('orders.notShipped')}</p>
      )}
    </section>
  );
}

function Detail({ order, onPick }: { order: OrderDetail; onPick: () => void }) {
  const { t } = useTranslation();
  const _lang = currentLang();
  const title = useProductTitle()(order.title);
  return (
    <>
      <section className={ui.card} aria-labelledby="order-title">
        <div className={styles.cardHead}>
          <span className={styles.orderNo}>
            {t('orders.orderNo')}: {order.order_no}
          </span>
          <OrderStatusBadge status={order.status} />
        </div>
        <div className={styles.product}>
          <OrderThumb src={order.image_url} alt="" />
          <span className={list.info}>
            <h2 id="order-title" className={list.title}>
              {title}
            </h2>
            <OrderFacts order={order} />
          </span>
        </div>
        <OrderFigures order={order} />
        <OrderBadges order={order} />
        {order.refund_status && (
          <Link className={ui.link} to={orderPaths.refundRequest}>
            {t('routes.refundRequest')}
          </Link>
        )}
        {order.status === 5 && (
          <button type="button" className={ui.button} onClick={onPick} data-testid="detail-pick">
            {t('orders.pick')}
          </button>
        )}
      </section>
      <MoneyTrail order={order} />
      <Timeline order={order} />
      <Receiver order={order} />
      <Shipping order={order} />
      {order.rating && (
        <section className={ui.card} aria-labelledby="rating-title">
          <h2 id="rating-title" className={ui.sectionTitle}>
            {t('orders.rating')}
          </h2>
          <p className={ui.hint}>{t('orders.stars', { count: order.rating.stars })}</p>
          {order.rating.comment && <p className={styles.reason}>{order.rating.comment}</p>}
        </section>
      )}
    </>
  );
}

/** A positive whole number from the address, or null. */
const idOf = (param: string | null) =>
  param && /^\d{1,15}$/.test(param) && Number(param) > 0 ? Number(param) : null;

function Loaded({ id }: { id: number }) {
  const { t } = useTranslation();
  const pick = usePickSheet();
  const query = useOrderDetail(id);
  // Another shop's order, or none: trying again would not help.
  if (query.data === undefined && query.error instanceof ApiError && query.error.key === 'NOT_FOUND')
    return <p className={ui.center}>{t('orders.notFound')}</p>;
  return (
    <>
      <QueryState query={query}>
        {(order) => <Detail order={order} onPick={() => pick.open({ mode: 'one', order })} />}
      </QueryState>
      {pick.sheet}
    </>
  );
}

/**
 * Order detail (`?id=`): the status, product and figures, the money trail (where the buyer's money
 * is now), the status timeline, the receiver (masked until picked up), shipping; pickup while the
 * order awaits it.
 */
export default function OrderDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <Page title={t('routes.orderDetail')} tabRoot={orderPaths.order}>
      {id === null ? <p className={ui.center}>{t('orders.notFound')}</p> : <Loaded id={id} />}
    </Page>
  );
}
