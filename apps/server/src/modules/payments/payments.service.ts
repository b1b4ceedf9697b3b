import { randomBytes } from 'node:crypto';
import { formatMoney } from '@dropdesk/contract/money';
import type { paymentOut } from '@dropdesk/contract/store';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound, Refusal } from '../../lib/refusal';
import { notifyOrder } from '../notices';
import { moveOrder, orderStock, paymentJournal, refundJournal, updateOrderIn } from '../orders';
import { type PaymentRow, paymentsRepository as payments } from './payments.repository';
import { isSimulated, type PaymentProvider, type RequestHeaders, WebhookRejected } from './provider';

export type PaymentOut = z.infer<typeof paymentOut>;

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** The platform's currency code (config.currency.code), told to the provider. */
  currency: string;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Payments of orders (docs/orders.md "Payments"): opened at checkout, completed only by the
 * provider's signed webhook event, refunded whole when a paid order is cancelled or a payment
 * arrives for an order already cancelled. Every movement is one of order-money.ts's journals.
 */
export class Payments {
  constructor(private readonly deps: PaymentsDeps) {}

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  view(row: PaymentRow): PaymentOut {
    return {
      id: row.id,
      provider: this.deps.provider.name,
      test_mode: this.deps.provider.testMode,
      status: row.status,
      amount: formatMoney(row.amount),
      pay_url: this.deps.provider.payUrl(row),
    };
  }

  /** Opens the payment of a new order at the provider, inside the checkout's transaction. */
  async create(tx: Db, order: OrderRow, now: number): Promise<PaymentRow> {
    const { ref } = await this.deps.provider.createPayment({
      orderNo: order.order_no,
      amount: order.total,
      currency: this.deps.currency,
    });
    return payments.insert(tx, {
      orderId: order.id,
      provider: this.deps.provider.name,
      ref,
      amount: order.total,
      now,
    });
  }

  /**
   * A webhook request from a provider: refused (HTTP 400) unless signed with the webhook secret
   * and fresh; then, in one transaction, its event id is recorded once (a repeated or replayed
   * event finds it and moves nothing) and its outcome applied.
   */
  async receive(
    providerName: string,
    rawBody: string,
    headers: RequestHeaders,
  ): Promise<{ received: true; applied: boolean }> {
    const { provider } = this.deps;
    if (providerName !== provider.name) throw new Refusal('NOT_FOUND', undefined, 404);
    const now = this.deps.clock.now();
    let event: ReturnType<PaymentProvider['verifyEvent']>;
    try {
      event = provider.verifyEvent(rawBody, headers, now);
    } catch (error) {
      if (error instanceof WebhookRejected) throw new Refusal('INVALID_INPUT', { reason: error.reason }, 400);
      throw error;
    }
    return this.deps.db.transaction().execute(async (tx) => {
      const payment = await payments.byRef(tx, provider.name, event.paymentRef);
      const fresh = await payments.recordEvent(tx, {
        provider: provider.name,
        eventId: event.id,
        paymentId: payment?.id ?? null,
        type: event.type,
        at: now,
      });
      if (!fresh) return { received: true, applied: false };
      // Signed by the provider, yet not ours or not what we asked: kept (the event row), not applied.
      if (!payment || payment.amount !== event.amount) {
        this.deps.log.warn({ event }, 'payment event for an unknown payment or another amount');
        return { received: true, applied: false };
      }
      if (event.type === 'payment.failed')
        return { received: true, applied: await payments.markFailed(tx, payment.id, now) };
      return { received: true, applied: await this.succeed(tx, payment, now) };
    });
  }

  /**
   * The buyer's money arrived: the payment succeeds once, and the order goes 0 → 5 with the payment
   * journal into escrow, the units counted sold and the merchant told. An order cancelled before
   * the money came (unpaid timeout, the buyer) keeps nothing: the payment is recorded and refunded
   * at once, both journals in this transaction.
   */
  private async succeed(tx: Db, payment: PaymentRow, now: number): Promise<boolean> {
    if (!(await payments.markSucceeded(tx, payment.id, now))) return false;
    let order: OrderRow;
    try {
      order = await moveOrder(
        tx,
        payment.order_id,
        {},
        { from: [0], to: 5, set: { paid_at: now }, was: { paid_at: null } },
        now,
      );
    } catch (error) {
      if (!(error instanceof Refusal) || error.key !== 'ORDER_STATUS_CHANGED') throw error;
      const cancelled = await updateOrderIn(tx, payment.order_id, [-1], { paid_at: now }, now);
      const journal = await paymentJournal(tx, cancelled, payment.id, now);
      await payments.setJournal(tx, payment.id, journal.id);
      await this.refundWhole(tx, cancelled, now);
      return true;
    }
    const journal = await paymentJournal(tx, order, payment.id, now);
    await payments.setJournal(tx, payment.id, journal.id);
    await orderStock.addSales(tx, order, 1);
    await notifyOrder(tx, order, 'order_paid', order.total, now);
    return true;
  }

  /**
   * Gives a cancelled order's whole payment back from escrow: the refund journal, the order's
   * `refunded` column, the payment marked refunded and the provider asked to pay it out. The order
   * must already be cancelled (−1) in this transaction.
   */
  async refundWhole(tx: Db, order: OrderRow, now: number): Promise<OrderRow> {
    const payment = await payments.succeededOf(tx, order.id);
    if (!payment) throw new Error(`order ${order.id} is paid but has no succeeded payment`);
    await refundJournal(
      tx,
      order,
      { amount: order.total, returnCost: false, refId: { type: 'order', id: order.id } },
      now,
    );
    const after = await updateOrderIn(tx, order.id, [-1], { refunded: order.total }, now);
    await payments.markRefunded(tx, payment.id, now);
    await this.deps.provider.refund(payment, order.total);
    return after;
  }

  /**
   * The test provider's payment page: sends the event the provider would send, signed, through
   * `receive` (the webhook's own path). FORBIDDEN with a real provider.
   */
  async testPay(paymentId: number, outcome: 'succeed' | 'fail'): Promise<PaymentOut> {
    const { provider, db, clock } = this.deps;
    if (!isSimulated(provider)) throw new Refusal('FORBIDDEN');
    const payment = await payments.byId(db, paymentId);
    if (!payment || payment.provider !== provider.name) throw notFound();
    const { body, headers } = provider.signedEvent(
      {
        id: `evt_${randomBytes(12).toString('base64url')}`,
        type: outcome === 'succeed' ? 'payment.succeeded' : 'payment.failed',
        paymentRef: payment.provider_ref,
        amount: payment.amount,
      },
      clock.now(),
    );
    await this.receive(provider.name, body, headers);
    return this.view((await payments.byId(db, paymentId))!);
  }
}
