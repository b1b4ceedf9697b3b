import { merchantAdminRoutes as r } from '@dropdesk/contract/merchants-admin';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { AdjustmentsService } from './adjustments.service';
import { MerchantsAdmin } from './merchants-admin.service';

/**
 * The console's merchants and balance adjustments (contract `merchantAdminRoutes`: support and admin
 * read merchants, only admins propose and decide adjustments; the auth plugin enforces each row's roles).
 */
export async function merchantsAdminRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock };
  const merchants = new MerchantsAdmin({
    ...deps,
    sessions: { idleMs: app.config.sessionIdleMs, maxMs: app.config.sessionMaxMs },
    publicUrl: app.config.publicUrl,
  });
  const adjustments = new AdjustmentsService(deps);

  route(app, r.merchants, (req) => merchants.search(req.query));
  route(app, r.detail, (req) => merchants.detail(req.query.id));
  route(app, r.funds, (req) => merchants.funds(req.query));
  route(app, r.sessions, (req) => merchants.sessions(req.query));
  route(app, r.notices, (req) => merchants.notices(req.query));

  route(app, r.adjustments, (req) => adjustments.list(req.query));
  route(app, r.proposeAdjustment, (req) => adjustments.propose(req.operator, req.body, req.idempotency));
  route(app, r.approveAdjustment, (req) => adjustments.approve(req.operator, req.body.id, req.idempotency));
  route(app, r.rejectAdjustment, (req) => adjustments.reject(req.operator, req.body, req.idempotency));
}
