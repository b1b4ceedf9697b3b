import { ORDER_TOKEN_HEADER, storeRoutes as r } from '@dropdesk/contract/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { paymentsOf } from '../payments';
import { BuyerAuth } from './buyer-auth.service';
import { type BuyerAccess, BuyerOrders } from './buyer-orders.service';
import { Checkout } from './checkout.service';
import { Storefront } from './storefront.service';

/** Sign-in codes one client address may ask for, to any addresses, per window. */
const SEND_CODE_PER_CLIENT = 5;
const SEND_CODE_WINDOW = '15 minutes';

/** The buyer's session and the guest link's token (header `order-token`) of a request. */
function accessOf(request: FastifyRequest): BuyerAccess {
  const raw = request.headers[ORDER_TOKEN_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return {
    buyerId: request.buyer?.id ?? null,
    orderToken: token && token.length <= 256 ? token : null,
  };
}

/** The storefront's API (`/store/*`, contract store.ts; docs/orders.md "Storefront API"). */
export async function storeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const clock = app.clock;
  const payments = paymentsOf(app);
  const storefront = new Storefront({ db, clock });
  const auth = new BuyerAuth({
    db,
    clock,
    mailer: app.mailer,
    sessions: app.buyerSessions,
    secret: app.config.secret,
  });
  const checkout = new Checkout({ db, clock, payments, unpaidTimeoutMs: app.config.orders.unpaidTimeoutMs });
  const orders = new BuyerOrders({ db, clock, payments });

  route(app, r.shop, (req) => storefront.shop(req.query.shop, req.buyer?.id ?? null));
  route(app, r.products, (req) => storefront.products(req.query.shop, req.lang, req.query));
  route(app, r.product, (req) => storefront.product(req.query.id, req.lang));
  // Every page view posts one, with the visitor cookie the page came with (visitors.ts).
  route(app, r.visit, (req) => storefront.visit(req.body.shop, app.visitorIds.source(req)), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
  });
  route(app, r.follow, (req) => storefront.follow(req.body.shop, req.buyer.id, req.body.follow));

  // Codes reach other people's inboxes: a few per address (and one a minute, CODE_TOO_SOON), and a
  // few per client address across all addresses, so one client cannot spray a list.
  route(app, r.sendCode, (req) => auth.sendCode(req.body.email, req.lang), {
    rateLimit: {
      hook: 'preHandler',
      max: 5,
      timeWindow: SEND_CODE_WINDOW,
      keyGenerator: (req) =>
        `store_send_code:${String((req.body as { email?: string })?.email ?? '')
          .trim()
          .toLowerCase()}`,
    },
    alsoLimit: {
      max: SEND_CODE_PER_CLIENT,
      timeWindow: SEND_CODE_WINDOW,
      keyGenerator: (req) => `store_send_code_client:${req.ip}`,
    },
  });
  route(app, r.login, (req) => auth.login(req.body.email, req.body.code, req.lang), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  route(app, r.logout, (req) => auth.logout(req.buyer.sessionId));

  route(app, r.checkout, (req) => checkout.place(req.buyer, req.body, req.lang, req.idempotency), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  route(app, r.orders, (req) => orders.list(req.buyer.id, req.query));
  route(app, r.order, (req) => orders.one(accessOf(req), req.query.id));
  route(app, r.cancel, (req) => orders.cancel(accessOf(req), req.body.id, req.idempotency));
  route(app, r.confirm, (req) => orders.confirm(accessOf(req), req.body.id));
  route(app, r.rate, (req) => orders.rate(accessOf(req), req.body));
  route(app, r.refund, (req) => orders.refund(accessOf(req), req.body));
  route(app, r.appeal, (req) => orders.appeal(accessOf(req), req.body));
}
