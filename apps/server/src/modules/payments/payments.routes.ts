import { storeRoutes as r } from '@dropdesk/contract/store';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { t } from '../../i18n/t';
import { route } from '../../lib/route';
import { Payments } from './payments.service';
import type { PaymentProvider } from './provider';
import { testProvider } from './test-provider';

/** The configured provider (PAYMENT_PROVIDER; only `test` is built in). */
export function providerOf(config: Config): PaymentProvider {
  switch (config.orders.paymentProvider) {
    case 'test':
      return testProvider(config.orders.webhookSecret);
  }
}

// One Payments per server (its database), shared by the storefront's routes and the webhook's.
const instances = new WeakMap<Database, Payments>();

export function paymentsOf(app: FastifyInstance): Payments {
  let payments = instances.get(app.database);
  if (!payments) {
    payments = new Payments({
      db: app.database.db,
      clock: app.clock,
      provider: providerOf(app.config),
      currency: app.config.currency.code,
      log: app.log,
    });
    instances.set(app.database, payments);
  }
  return payments;
}

/**
 * The provider's webhook (`POST /store/payments/webhook/:provider`, a plain route: its caller is the
 * provider, not an app of the contract) and the test provider's payment page (`POST /store/pay/test`).
 * The webhook reads its body raw: the signature is over the bytes sent, not over a re-serialized
 * object.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const payments = paymentsOf(app);

  route(app, r.testPay, (req) => payments.testPay(req.body.payment_id, req.body.outcome), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });

  await app.register(async (webhook) => {
    // Encapsulated: only this route keeps JSON bodies as the string that was signed.
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    webhook.post<{ Params: { provider: string }; Body: string }>(
      '/store/payments/webhook/:provider',
      { schema: { hide: true } },
      async (request) => {
        const data = await payments.receive(request.params.provider, request.body, request.headers);
        return { code: 1, msg: t(request.lang, 'OK'), data };
      },
    );
  });
}
