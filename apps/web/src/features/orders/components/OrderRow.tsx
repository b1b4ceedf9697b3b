import { formatDate, formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/Amount';
import { LazyImage } from '../../../components/LazyImage';
import list from '../../../components/list.module.css';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { minorOf } from '../../../lib/money';
import type { Order } from '../api/get-orders';
import { orderDetailPath } from '../paths';
import { OrderStatusBadge, RefundBadge, SettlementBadge } from './labels';
import styles from './orders.module.css';

/** A product's title, or the specification's 'No product title available'. */
export function useProductTitle() {
  const { t } = useTranslation();
  return (title: string) => title || t('orders.noTitle');
}

export function OrderThumb({ src, alt, size = 72 }: { src: string | null; alt: string; size?: number }) {
  return (
    <LazyImage
      src={src}
      alt={alt}
      width={size}
      height={size}
      style={{ width: size, height: size }}
      className={list.thumb}
    />
  );
}

/** Whether a wire amount is a gain, a loss or nothing: its colour (a loss is never green). */
export const signOf = (wire: string): 'plus' | 'minus' | 'zero' => {
  const n = minorOf(wire);
  return n > 0 ? 'plus' : n < 0 ? 'minus' : 'zero';
};

/** Total payment, the cost pickup pays, and what the order earns. */
export function OrderFigures({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <dl className={`${list.figures} ${styles.figuresGrid}`}>
      <div>
        <dt>{t('orders.total')}</dt>
        <dd data-testid="order-total">
          <Amount value={order.total} />
        </dd>
      </div>
      <div>
        <dt>{t('orders.cost')}</dt>
        <dd data-testid="order-cost">
          <Amount value={order.cost_total} />
        </dd>
      </div>
      <div className={list.gain} data-sign={signOf(order.earnings)}>
        <dt>{t('orders.earnings')}</dt>
        <dd data-testid="order-earnings">
          <Amount value={order.earnings} />
        </dd>
      </div>
    </dl>
  );
}

interface Props {
  order: Order;
  /** Ticked for a pickup-all; only an order awaiting pickup can be. */
  selected?: boolean;
  onToggle?: () => void;
  /** Opens the payment password sheet for this order; only for one awaiting pickup. */
  onPick?: () => void;
  busy?: boolean;
}

/**
 * One order in the list: number, status, product, quantity × price, total payment, cost, earnings,
 * time, settlement, refund; and pickup for an order awaiting it.
 */
export function OrderRow({ order, selected, onToggle, onPick, busy }: Props) {
  const { t } = useTranslation();
  const _lang = currentLang();
  const title = useProductTitle()(order.title);
  const awaitingPickup = order.status === 5;
  return (
    <li className={styles.card} data-testid="order">
      <div className={styles.cardHead}>
        <span className={styles.orderNo}>
          {t('orders.orderNo')}: {order.order_no}
        </span>
        <OrderStatusBadge status={order.status} />
      </div>
      <Link to={orderDetailPath(order.id)} className={styles.product}>
        <OrderThumb src={order.image_url} alt="" />
        <span className={list.info}>
          <span className={list.title}>{title}</span>
          <OrderFacts order={order} />
        </span>
      </Link>
      <OrderFigures order={order} />
      <OrderBadges order={order} />
      {awaitingPickup && (onToggle || onPick) && (
        <div className={styles.rowActions}>
          {onToggle && (
            <label className={styles.check}>
              <input
                className={list.tick}
                type="checkbox"
                checked={selected ?? false}
                onChange={onToggle}
                aria-label={t('orders.select', { orderNo: order.order_no })}
              />
            </label>
          )}
          {onPick && (
            <button
              type="button"
              className={list.smallPrimary}
              onClick={onPick}
              disabled={busy}
              aria-label={t('orders.pickTitle', { orderNo: order.order_no })}
            >
              {t('orders.pick')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Quantity × price and the order's time, under its title (the list's row and the detail). */
export function OrderFacts({ order }: { order: Pick<Order, 'quantity' | 'price' | 'created_at'> }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <>
      <span className={ui.hint}>
        {t('orders.quantityPrice', { quantity: formatNumber(order.quantity, lang) })}{' '}
        <Amount value={order.price} />
      </span>
      <time className={ui.hint} dateTime={order.created_at}>
        {formatDate(order.created_at, lang)}
      </time>
    </>
  );
}

/** The settlement and refund badges of an order. */
export function OrderBadges({ order }: { order: Pick<Order, 'settlement' | 'refund_status'> }) {
  return (
    <div className={list.badges}>
      <SettlementBadge settlement={order.settlement} />
      {order.refund_status && <RefundBadge status={order.refund_status} />}
    </div>
  );
}
