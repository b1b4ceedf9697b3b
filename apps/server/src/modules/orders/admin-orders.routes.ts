import { adminOrderRoutes as r } from '@dropdesk/contract/orders';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { OrderDesk } from './admin-orders.service';
import { RefundsService } from './refunds.service';

/**
 * The support desk's orders and refund appeals (contract `adminOrderRoutes`: roles support or
 * admin, enforced by the auth plugin from each row).
 */
export async function adminOrderRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock };
  const desk = new OrderDesk(deps);
  const refunds = new RefundsService(deps);

  route(app, r.orders, (req) => desk.list(req.query));
  route(app, r.order, (req) => desk.detail(req.query.id));
  route(app, r.ship, (req) => desk.ship(req.operator!, req.body));
  route(app, r.progress, (req) => desk.progress(req.operator!, req.body));
  route(app, r.appeals, (req) => refunds.appeals(req.query));
  route(app, r.arbitrate, (req) => refunds.arbitrate(req.operator!, req.body, req.idempotency));
}
