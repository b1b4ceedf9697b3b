import { formatMoney } from '@dropdesk/contract/money';
import { AFTER_SALES_MS } from '@dropdesk/contract/orders';
import type { BuyerOrder } from '@dropdesk/contract/store';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import type { OrderRow } from '../../db/schema';
import { moneyTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { sha256 } from '../../lib/crypto';
import { notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import { shopStats } from '../dashboard';
import { notifyOrder } from '../notices';
import { moveOrder, type OrderScope, orderStock } from '../orders';
import type { PaymentOut, Payments } from '../payments';
import { orderPayments } from '../payments';
import { BUYER_MAY, buyerOrderOf } from './store.views';
import { storeOrdersRepository as orders } from './store-orders.repository';

/** Who asks for an order: a signed-in buyer, the holder of a guest order's link token, or both. */
export interface BuyerAccess {
  buyerId: number | null;
  orderToken: string | null;
}

/**
 * The order a request may touch: the guest link's when a token is sent, else the signed-in
 * buyer's. Anyone else's order, a wrong token or none at all look like no order (NOT_FOUND).
 */
export function scopeOf(access: BuyerAccess): OrderScope {
  if (access.orderToken) return { tokenHash: sha256(access.orderToken) };
  if (access.buyerId !== null) return { buyerId: access.buyerId };
  throw notFound();
}

/** Orders as their buyers read them, with their timelines, refunds, payments and shop names. */
export async function buyerOrders(db: Db, rows: readonly OrderRow[], now: number): Promise<BuyerOrder[]> {
  const ids = rows.map((o) => o.id);
  const [events, refunds, payments, shops] = await Promise.all([
    orders.events(db, ids),
    orders.refunds(db, ids),
    orderPayments.latestOf(db, ids),
    orders.shopNames(
      db,
      rows.map((o) => o.merchant_id),
    ),
  ]);
  return rows.map((o) =>
    buyerOrderOf(o, {
      events: events.get(o.id) ?? [],
      refund: refunds.get(o.id),
      payment: payments.get(o.id),
      shopName: shops.get(o.merchant_id) ?? '',
      now,
    }),
  );
}

/**
 * What a buyer does with an order after checkout (docs/design.md §5 "Orders", "Refunds"; docs/orders.md
 * "Storefront API"): read it, cancel it before pickup (a paid one is refunded whole from escrow),
 * confirm receipt, rate it, ask for a refund, appeal a rejected one. Each status change goes through
 * `moveOrder` (one conditional UPDATE), each movement of money through order-money.ts.
 */
export class BuyerOrders {
  constructor(private readonly deps: { db: Db; clock: Clock; payments: Payments }) {}

  private async view(db: Db, order: OrderRow): Promise<BuyerOrder> {
    return (await buyerOrders(db, [order], this.deps.clock.now()))[0]!;
  }

  async list(buyerId: number, paging: Paging): Promise<PageOf<BuyerOrder>> {
    const { db, clock } = this.deps;
    const page = await orders.pageOfBuyer(db, buyerId, paging);
    return {
      total: page.total,
      page: paging.page,
      limit: paging.limit,
      list: await buyerOrders(db, page.rows, clock.now()),
    };
  }

  async one(access: BuyerAccess, id: number): Promise<{ order: BuyerOrder; payment: PaymentOut | null }> {
    const { db, payments } = this.deps;
    const order = await orders.one(db, id, scopeOf(access));
    if (!order) throw notFound();
    const payment = (await orderPayments.latestOf(db, [order.id])).get(order.id);
    return { order: await this.view(db, order), payment: payment ? payments.view(payment) : null };
  }

  /**
   * Cancels an order not yet picked up: 0 or 5 → −1 and the units back in stock; a paid order (5)
   * is refunded whole from escrow (refund journal, the payment refunded at the provider), its units
   * no longer counted sold, and the merchant told.
   */
  cancel(access: BuyerAccess, id: number, idem: Idempotency | null): Promise<BuyerOrder> {
    const { db, clock, payments } = this.deps;
    const scope = scopeOf(access);
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      let order = await moveOrder(
        tx,
        id,
        scope,
        { from: BUYER_MAY.cancel, to: -1, set: { cancelled_at: now } },
        now,
      );
      await orderStock.release(tx, order, now);
      if (order.paid_at !== null) {
        order = await payments.refundWhole(tx, order, now);
        await orderStock.addSales(tx, order, -1);
        await notifyOrder(tx, order, 'order_cancelled', order.total, now);
      }
      return this.view(tx, order);
    });
  }

  /** Receipt confirmed (from shipped, in transit or reached): the after-sales window opens. */
  async confirm(access: BuyerAccess, id: number): Promise<BuyerOrder> {
    const { db, clock } = this.deps;
    const scope = scopeOf(access);
    const now = clock.now();
    const order = await db.transaction().execute((tx) =>
      moveOrder(
        tx,
        id,
        scope,
        {
          from: BUYER_MAY.confirm,
          to: 3,
          set: { received_at: now, settles_at: now + AFTER_SALES_MS, settlement: 1 },
        },
        now,
      ),
    );
    return this.view(db, order);
  }

  /** Rates a received or completed order, once. */
  async rate(access: BuyerAccess, body: { id: number; stars: number; comment: string }): Promise<BuyerOrder> {
    const { db, clock } = this.deps;
    const scope = scopeOf(access);
    const rated = await db.transaction().execute(async (tx) => {
      const row = await orders.rate(tx, body.id, scope, body, clock.now());
      // The shop's rating (sum and count of stars) with it: the row had none before (rate's rule).
      if (row) await shopStats.orderChanged(tx, { ...row, rating_stars: null }, row);
      return row;
    });
    if (rated) return this.view(db, rated);
    const order = await orders.one(db, body.id, scope);
    if (!order) throw notFound();
    if (!(BUYER_MAY.rate as readonly number[]).includes(order.status))
      throw new Refusal('ORDER_STATUS_CHANGED');
    throw new Refusal('ALREADY_RATED');
  }

  /**
   * Asks for a refund of a paid, picked-up order before it settles: at most what was paid, and the
   * whole order while it is picked up but not shipped (the goods have not left; the merchant's cost
   * comes back whole). One per order. Orders in 0 or 5 are cancelled instead.
   */
  async refund(
    access: BuyerAccess,
    body: { id: number; amount: number; reason: string; goods_received: boolean },
  ): Promise<BuyerOrder> {
    const { db, clock } = this.deps;
    const order = await orders.one(db, body.id, scopeOf(access));
    if (!order) throw notFound();
    if (!(BUYER_MAY.refund as readonly number[]).includes(order.status) || order.settlement === 2)
      throw new Refusal('ORDER_STATUS_CHANGED');
    if ((await orders.refunds(db, [order.id])).has(order.id)) throw new Refusal('REFUND_EXISTS');
    if (body.amount > order.total)
      throw new Refusal('REFUND_TOO_MUCH', { fields: { amount: 'REFUND_TOO_MUCH' } }, 200, {
        max: formatMoney(order.total),
      });
    if (order.status === 1 && body.amount !== order.total)
      throw new Refusal('REFUND_WHOLE_ORDER', { fields: { amount: 'REFUND_WHOLE_ORDER' } }, 200, {
        total: formatMoney(order.total),
      });
    const now = clock.now();
    const after = await db.transaction().execute(async (tx) => {
      const asked = await orders.insertRefund(tx, {
        orderId: order.id,
        merchantId: order.merchant_id,
        amount: body.amount,
        reason: body.reason,
        goodsReceived: body.goods_received,
        now,
      });
      if (!asked) throw new Refusal('REFUND_EXISTS');
      // The order's row, in the same transaction: settlement can't slip in between.
      const opened = await orders.openRefund(tx, order.id, BUYER_MAY.refund, now);
      if (!opened) throw new Refusal('ORDER_STATUS_CHANGED');
      await notifyOrder(tx, order, 'refund_asked', body.amount, now);
      return opened;
    });
    return this.view(db, after);
  }

  /** Appeals the merchant's rejection to the platform, once, before the order settles. */
  async appeal(access: BuyerAccess, body: { id: number; statement: string }): Promise<BuyerOrder> {
    const { db, clock } = this.deps;
    const order = await orders.one(db, body.id, scopeOf(access));
    if (!order) throw notFound();
    const refund = (await orders.refunds(db, [order.id])).get(order.id);
    if (!refund) throw notFound();
    if (refund.status !== 'rejected' || order.settlement === 2) throw new Refusal('ALREADY_RESOLVED');
    const now = clock.now();
    const after = await db.transaction().execute(async (tx) => {
      if (!(await orders.appealRefund(tx, order.id, body.statement, now)))
        throw new Refusal('ALREADY_RESOLVED');
      const opened = await orders.openRefund(tx, order.id, BUYER_MAY.refund, now);
      if (!opened) throw new Refusal('ALREADY_RESOLVED');
      await notifyOrder(tx, order, 'refund_appealed', refund.amount, now);
      return opened;
    });
    return this.view(db, after);
  }
}
