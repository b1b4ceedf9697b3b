import { adminAllianceRoutes as a, allianceRoutes as r } from '@dropdesk/contract/alliance';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { AllianceService } from './alliance.service';

/** The alliance (index/coalition) and the operators' commission rate: one-line delegates. */
export async function allianceRoutes(app: FastifyInstance) {
  const alliance = new AllianceService({
    db: app.database.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
  });
  route(app, r.coalition, (req) => alliance.coalition(req.merchant.id, req.query));
  route(app, a.settings, () => alliance.settings());
  route(app, a.setSettings, (req) => alliance.setRate(req.operator, req.body.commission_bps));
}
