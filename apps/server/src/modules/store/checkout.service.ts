import { sellingPrice } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import { foldText } from '@dropdesk/contract/fold';
import type { BuyerOrder } from '@dropdesk/contract/store';
import type { Db } from '../../db/database';
import { moneyTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { newToken, randomId, sha256 } from '../../lib/crypto';
import { orderNo } from '../../lib/order-no';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import { products as catalogue, thumbOf } from '../catalogue';
import { orderStock, recordEvent } from '../orders';
import type { PaymentOut, Payments } from '../payments';
import { buyerOrders } from './buyer-orders.service';
import { storeOrdersRepository as orders } from './store-orders.repository';

export interface CheckoutBody {
  listing_id: number;
  quantity: number;
  receiver_name: string;
  receiver_phone: string;
  address: string;
  email?: string | undefined;
}

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  /** config.orders.unpaidTimeoutMs: an unpaid order is cancelled this long after it was placed. */
  unpaidTimeoutMs: number;
}

/**
 * Placing an order (docs/design.md §5 "Orders"; docs/orders.md "Storefront API"): an on-shelf listing of an
 * active product in an open shop, at today's selling price (cost at the shop's margin) with the
 * title and image of the buyer's language copied into the order, its units reserved, and its
 * payment opened at the provider. A guest gives an email and gets the order's link token (only its
 * hash is kept). The Idempotency-Key makes a retried checkout answer the first order.
 */
export class Checkout {
  constructor(private readonly deps: CheckoutDeps) {}

  async place(
    buyer: { id: number } | null,
    body: CheckoutBody,
    lang: Lang,
    idem: Idempotency | null,
  ): Promise<{ order: BuyerOrder; payment: PaymentOut; order_token: string | null }> {
    const { db, clock, payments } = this.deps;
    const sale = await orders.sale(db, body.listing_id);
    if (!sale) throw notFound();
    if (sale.merchant_status === 'closed') throw new Refusal('SHOP_CLOSED');
    if (sale.listing_status !== 'selling' || sale.active !== 1) throw new Refusal('NOT_ON_SALE');
    if (!buyer && !body.email) throw fieldRefusal('INVALID_INPUT', 'email', 'FIELD_REQUIRED');
    if (sale.margin_bps === null) throw new Error(`merchant ${sale.merchant_id} has no level`);
    const [texts, images] = await Promise.all([
      catalogue.texts(db, lang, [sale.product_id]),
      catalogue.firstImages(db, [sale.product_id]),
    ]);
    const unitPrice = sellingPrice(sale.cost, sale.margin_bps);
    const token = buyer ? null : newToken();
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      if (!(await orderStock.take(tx, sale.product_id, body.quantity, now)))
        throw new Refusal('OUT_OF_STOCK');
      const placed = await orders.insert(tx, {
        // The number is made from the id, known once the row exists: a unique stand-in until then.
        order_no: randomId('new'),
        merchant_id: sale.merchant_id,
        buyer_id: buyer?.id ?? null,
        guest_email: buyer ? null : (body.email ?? null),
        token_hash: token === null ? null : sha256(token),
        lang,
        listing_id: sale.listing_id,
        product_id: sale.product_id,
        title: texts.get(sale.product_id)?.title ?? '',
        title_fold: foldText(texts.get(sale.product_id)?.title ?? ''),
        image_url: thumbOf(images.get(sale.product_id))?.url ?? null,
        quantity: body.quantity,
        unit_price: unitPrice,
        unit_cost: sale.cost,
        total: unitPrice * body.quantity,
        cost_total: sale.cost * body.quantity,
        status: 0,
        receiver_name: body.receiver_name,
        receiver_phone: body.receiver_phone,
        address: body.address,
        pay_deadline: now + this.deps.unpaidTimeoutMs,
        created_at: now,
        updated_at: now,
      });
      const order = await orders.setOrderNo(tx, placed.id, orderNo('O', placed.id, now));
      await recordEvent(tx, order.id, 0, now);
      const payment = await payments.create(tx, order, now);
      const [view] = await buyerOrders(tx, [order], now);
      return { order: view!, payment: payments.view(payment), order_token: token };
    });
  }
}
