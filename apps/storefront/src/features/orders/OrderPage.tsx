import type { BuyerOrder } from '@dropdesk/contract/store';
import { formatDate } from '@dropdesk/web-kit/format';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Failure, isNotFound, Loading } from '../../components/Failure';
import { Money } from '../../components/Money';
import { NotFound } from '../../components/NotFound';
import { api } from '../../lib/api';
import { currentLang } from '../../lib/i18n';
import { ORDER_STATUS_KEYS, REFUND_STATUS_KEYS } from '../../lib/labels';
import { keepOrderLink, orderToken } from '../../lib/order-links';
import { useBuyer } from '../../lib/session';
import { useTitle } from '../../lib/title';
import { useLoad } from '../../lib/use-load';
import { OrderActions } from './OrderActions';
import { OrderLinkBox } from './OrderLinkBox';

/**
 * `/s/order/<id>` (a guest's link adds `?t=<token>`): the order's status, timeline, delivery and
 * tracking, refund and rating, and what the buyer may do now (the server's `can`).
 */
export default function OrderPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const buyer = useBuyer();
  const valid = /^[1-9]\d{0,14}$/.test(id);
  const fromLink = new URLSearchParams(useSearch()).get('t');
  const token = fromLink || (valid ? orderToken(Number(id)) : null);
  // A guest without the order's link has nothing to read it with: no call, the page says so.
  const readable = valid && (buyer !== null || token !== null);
  const res = useLoad(
    (signal) =>
      readable
        ? api('order', { query: { id }, orderToken: token, signal })
        : Promise.reject(new Error('no access')),
    [id, token, buyer?.token],
  );
  const order = res.data?.order;
  // Opened from the link: keep it on this device, so "My orders" lists it next time.
  useEffect(() => {
    if (order && fromLink)
      keepOrderLink({ id: order.id, token: fromLink, order_no: order.order_no, title: order.title });
  }, [order, fromLink]);
  useTitle(order ? t('order.title', { no: order.order_no }) : undefined);

  if (!valid || isNotFound(res.error)) return <NotFound />;
  if (!buyer && !token)
    return (
      <section className="page">
        <h1>{t('order.needAccess')}</h1>
        <p>
          <Link href={`/login?next=${encodeURIComponent(`/order/${id}`)}`}>{t('nav.signIn')}</Link>
        </p>
      </section>
    );
  if (res.error) return <Failure error={res.error} retry={res.reload} page />;
  if (!order || !res.data) return <Loading />;
  const payment = res.data.payment;
  const replace = (next: BuyerOrder) => res.setData({ order: next, payment });
  return (
    <>
      <section className="page" aria-labelledby="order-title">
        <h1 id="order-title">{t('order.title', { no: order.order_no })}</h1>
        <p className="status">{t(ORDER_STATUS_KEYS[order.status] ?? 'status.unknown')}</p>
        {order.status === 0 && order.pay_deadline && (
          <p className="muted">{t('order.payBy', { time: formatDate(order.pay_deadline, currentLang()) })}</p>
        )}
        <dl className="rows">
          <Row label={t('order.product')} value={order.title} />
          <Row label={t('order.shop')} value={<Link href={`/${order.shop_id}`}>{order.shop_name}</Link>} />
          <Row label={t('checkout.quantity')} value={String(order.quantity)} />
          <Row label={t('order.price')} value={<Money value={order.price} />} />
          <Row label={t('order.total')} value={<Money value={order.total} />} />
          <Row label={t('order.paid')} value={<Money value={order.money.paid} />} />
          {order.money.refunded !== '0.00' && (
            <Row label={t('order.refunded')} value={<Money value={order.money.refunded} />} />
          )}
          <Row label={t('order.placed')} value={formatDate(order.created_at, currentLang())} />
        </dl>
        <OrderActions order={order} payment={payment} token={token} onChange={replace} />
      </section>
      <section className="page" aria-labelledby="delivery-title">
        <h2 id="delivery-title">{t('order.delivery')}</h2>
        <dl className="rows">
          <Row label={t('checkout.name')} value={order.receiver_name} />
          <Row label={t('checkout.phone')} value={order.receiver_phone} />
          <Row label={t('checkout.address')} value={order.address} />
          <Row label={t('order.carrier')} value={order.carrier ?? t('order.notYet')} />
          <Row label={t('order.tracking')} value={order.tracking_no ?? t('order.notYet')} />
        </dl>
        {order.timeline.length > 0 && (
          <>
            <h2>{t('order.timeline')}</h2>
            <ol className="timeline">
              {order.timeline.map((ev) => (
                <li key={`${ev.status}-${ev.at}`}>
                  <strong>{t(ORDER_STATUS_KEYS[ev.status] ?? 'status.unknown')}</strong>
                  <br />
                  <time className="muted" dateTime={ev.at}>
                    {formatDate(ev.at, currentLang())}
                  </time>
                  {ev.note && <p className="muted">{ev.note}</p>}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      {order.refund && (
        <section className="page" aria-labelledby="refund-title">
          <h2 id="refund-title">{t('refund.title')}</h2>
          <dl className="rows">
            <Row
              label={t('refund.status')}
              value={t(REFUND_STATUS_KEYS[order.refund.status] ?? 'status.unknown')}
            />
            <Row label={t('refund.amount')} value={<Money value={order.refund.amount} />} />
            <Row label={t('refund.reason')} value={order.refund.reason} />
            <Row
              label={t('refund.goods')}
              value={order.refund.goods_received ? t('refund.goodsYes') : t('refund.goodsNo')}
            />
            {order.refund.reject_reason && (
              <Row label={t('refund.rejectReason')} value={order.refund.reject_reason} />
            )}
            {order.refund.appeal_statement && (
              <Row label={t('refund.statement')} value={order.refund.appeal_statement} />
            )}
            {order.refund.decision_reason && (
              <Row label={t('refund.decision')} value={order.refund.decision_reason} />
            )}
          </dl>
        </section>
      )}
      {order.rating && (
        <section className="page" aria-labelledby="rating-title">
          <h2 id="rating-title">{t('rate.title')}</h2>
          <p>{t('rate.stars', { count: order.rating.stars })}</p>
          {order.rating.comment && <p className="desc">{order.rating.comment}</p>}
        </section>
      )}
      {!buyer && token && <OrderLinkBox id={order.id} token={token} />}
    </>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
