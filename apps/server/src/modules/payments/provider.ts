import type { PaymentProvider as ProviderName } from '@dropdesk/contract/store';

/**
 * A payment provider as the orders see it (docs/design.md §5 "Storefront"; docs/orders.md "Payments"): the
 * shape of a real card or wallet provider, so that one can be added beside `test` without touching
 * checkout or the webhook path.
 *
 * 1. `createPayment` opens a payment of an amount at the provider and gives its reference; the
 *    buyer completes it at `payUrl`.
 * 2. The provider tells the outcome by a signed webhook request; `verifyEvent` checks the signature
 *    and the timestamp (replays) and reads the event. Nothing else moves an order to paid.
 * 3. `refund` gives money back (a paid order cancelled, a payment that arrived too late).
 */
export interface PaymentEvent {
  /** The provider's event id: each is applied once (payment_events). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  /** The provider's reference of the payment (payments.provider_ref). */
  paymentRef: string;
  /** Minor units, as the provider charged them. */
  amount: number;
}

/** Headers as Fastify gives them. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Why a webhook request is refused before anything is read from it. */
export class WebhookRejected extends Error {
  constructor(readonly reason: 'missing' | 'bad' | 'stale' | 'malformed') {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** True when no real money moves; every screen that shows a payment says so. */
  readonly testMode: boolean;
  /**
   * Opens a payment at the provider. A networked provider is called with the order number as its
   * idempotency key, so a retried checkout does not open a second payment there.
   */
  createPayment(input: { orderNo: string; amount: number; currency: string }): Promise<{ ref: string }>;
  /** Where the buyer completes the payment. */
  payUrl(payment: { id: number; provider_ref: string }): string;
  /** Checks a webhook request (signature, freshness) and reads its event; throws WebhookRejected. */
  verifyEvent(rawBody: string, headers: RequestHeaders, now: number): PaymentEvent;
  /** Gives `amount` of a succeeded payment back to the buyer. */
  refund(payment: { provider_ref: string }, amount: number): Promise<{ ref: string }>;
}

/** A provider whose payments can be completed from our own page (the `test` provider). */
export interface SimulatedProvider extends PaymentProvider {
  /** The webhook request the provider would send for `event` at `now`: raw body and headers. */
  signedEvent(event: PaymentEvent, now: number): { body: string; headers: Record<string, string> };
}

export function isSimulated(provider: PaymentProvider): provider is SimulatedProvider {
  return provider.testMode && 'signedEvent' in provider;
}
