import { formatMoney } from '@dropdesk/contract/money';
import type { OrderStatus } from '@dropdesk/contract/orders';
import type { BuyerOrder } from '@dropdesk/contract/store';
import type { OrderRow } from '../../db/schema';
import { iso } from '../../lib/clock';
import { moneyTrailOf, ratingOf, refundItemOf, timelineOf } from '../orders';
import type { PaymentRow } from '../payments';
import type { OrderEventRow, RefundRow } from './store-orders.repository';

/** The order's statuses in which the buyer may do each thing (docs/orders.md "Storefront API"). */
export const BUYER_MAY = {
  cancel: [0, 5],
  confirm: [2, 6, 7],
  rate: [3, 4],
  /** Paid and picked up, up to received; 0 and 5 cancel instead. */
  refund: [1, 2, 6, 7, 3],
} as const satisfies Record<string, readonly OrderStatus[]>;

const within = (list: readonly number[], status: number) => list.includes(status);

/** An order as its buyer reads it (contract `buyerOrder`): the receiver in full, it is theirs. */
export function buyerOrderOf(
  order: OrderRow,
  parts: {
    events: readonly OrderEventRow[];
    refund: RefundRow | undefined;
    payment: PaymentRow | undefined;
    shopName: string;
    now: number;
  },
): BuyerOrder {
  const { refund, payment, now } = parts;
  const unsettled = order.settlement !== 2;
  return {
    id: order.id,
    order_no: order.order_no,
    shop_id: order.merchant_id,
    shop_name: parts.shopName,
    listing_id: order.listing_id,
    title: order.title,
    image_url: order.image_url,
    quantity: order.quantity,
    price: formatMoney(order.unit_price),
    total: formatMoney(order.total),
    status: order.status,
    receiver_name: order.receiver_name,
    receiver_phone: order.receiver_phone,
    address: order.address,
    carrier: order.carrier,
    tracking_no: order.tracking_no,
    timeline: timelineOf(parts.events),
    pay_deadline: order.pay_deadline === null ? null : iso(order.pay_deadline),
    created_at: iso(order.created_at),
    money: (({ paid, paid_at, refunded }) => ({ paid, paid_at, refunded }))(moneyTrailOf(order)),
    // The merchant's refund line; the reply's schema keeps the buyer's fields of it.
    refund: refund ? refundItemOf(refund, order) : null,
    rating: ratingOf(order),
    can: {
      pay:
        order.status === 0 &&
        (payment === undefined || payment.status === 'created' || payment.status === 'failed') &&
        (order.pay_deadline === null || order.pay_deadline > now),
      cancel: within(BUYER_MAY.cancel, order.status),
      confirm: within(BUYER_MAY.confirm, order.status),
      rate: within(BUYER_MAY.rate, order.status) && order.rating_stars === null,
      refund: within(BUYER_MAY.refund, order.status) && unsettled && refund === undefined,
      appeal: refund?.status === 'rejected' && unsettled,
    },
  };
}
