import { dashboardRoutes as r } from '@dropdesk/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { DashboardService } from './dashboard.service';

/**
 * The Home dashboard (contract `dashboardRoutes`, docs/dashboard.md): the figures, the
 * sales curve, and what the visitors and rating figures are made of. Reads only, the merchant's own.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const dashboard = new DashboardService({ db: app.database.db, clock: app.clock });
  route(app, r.index, (req) => dashboard.index(req.merchant.id));
  route(app, r.echart, (req) => dashboard.echart(req.merchant.id, req.query.range));
  route(app, r.visits, (req) => dashboard.visits(req.merchant.id, req.query.days));
  route(app, r.ratings, (req) => dashboard.ratings(req.merchant.id, req.query));
}
