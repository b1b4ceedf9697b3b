import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentEvent, RequestHeaders, SimulatedProvider } from './provider';
import { WebhookRejected } from './provider';
import { SIGNATURE_HEADER, signPayload, verifySignature } from './signature';

/** The webhook body every provider event travels in (the test provider's own format). */
const eventBody = z.object({
  id: z.string().min(1).max(128),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  created: z.number().int(),
  data: z.object({ payment: z.string().min(1).max(128), amount: z.number().int().positive() }),
});

const header = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The `test` provider (PAYMENT_PROVIDER=test, the default): no money moves, and every payment says
 * `test_mode: true`. The buyer "pays" on the storefront's test page (`/s/pay/<payment id>`), which
 * asks the server to send the event a real provider would send — signed with the webhook secret —
 * through the same webhook path (POST /store/pay/test). Refunds succeed at once.
 */
export function testProvider(webhookSecret: string): SimulatedProvider {
  return {
    name: 'test',
    testMode: true,
    async createPayment() {
      return { ref: `tp_${randomBytes(12).toString('base64url')}` };
    },
    payUrl: (payment) => `/s/pay/${payment.id}`,
    verifyEvent(rawBody, headers, now): PaymentEvent {
      const check = verifySignature(webhookSecret, rawBody, header(headers, SIGNATURE_HEADER), now);
      if (check !== 'ok') throw new WebhookRejected(check);
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected('malformed');
      }
      const event = eventBody.safeParse(parsed);
      if (!event.success) throw new WebhookRejected('malformed');
      const { id, type, data } = event.data;
      return { id, type, paymentRef: data.payment, amount: data.amount };
    },
    async refund() {
      return { ref: `tr_${randomBytes(12).toString('base64url')}` };
    },
    signedEvent(event, now) {
      const body = JSON.stringify({
        id: event.id,
        type: event.type,
        created: now,
        data: { payment: event.paymentRef, amount: event.amount },
      });
      return { body, headers: { [SIGNATURE_HEADER]: signPayload(webhookSecret, body, now) } };
    },
  };
}
