import { orderRoutes as r } from '@dropdesk/contract/orders';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { OrdersService } from './orders.service';
import { RefundsService } from './refunds.service';

/**
 * The merchant's orders and refunds (contract `orderRoutes`). Each line is a delegate: auth,
 * SHOP_CLOSED on writes and the Idempotency-Key of pickups and refund decisions are the contract
 * row's, enforced before the handler runs. No rate limit of their own: a pickup moves money only
 * for the shop's paid orders, and the payment password locks after five wrong entries.
 */
export async function orderRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock, payPasswords: app.payPasswords };
  const orders = new OrdersService(deps);
  const refunds = new RefundsService(deps);

  route(app, r.list, (req) => orders.list(req.merchant.id, req.query));
  route(app, r.detail, (req) => orders.detail(req.merchant.id, req.query.id));
  route(app, r.orderCount, (req) => orders.counts(req.merchant.id));
  route(app, r.pick, (req) => orders.pick(req.merchant.id, req.body, req.idempotency));
  route(app, r.pickBatch, (req) => orders.pickBatch(req.merchant.id, req.lang, req.body, req.idempotency));
  route(app, r.refundOrder, (req) => refunds.list(req.merchant.id, req.query));
  route(app, r.refundAudit, (req) => refunds.audit(req.merchant.id, req.body, req.idempotency));
}
