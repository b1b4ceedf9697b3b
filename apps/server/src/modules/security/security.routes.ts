import { securityRoutes as r } from '@dropdesk/contract/security';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/origin';
import { route } from '../../lib/route';
import { SecurityService } from './security.service';

/** The merchant's security centre: live sessions, ending them, the history (docs/security.md). */
export async function securityRoutes(app: FastifyInstance) {
  const security = new SecurityService({ db: app.database.db, clock: app.clock, sessions: app.sessions });
  const limited = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  route(app, r.sessions, (req) => security.sessions(req.merchant));
  route(
    app,
    r.signOutSession,
    (req) => security.signOutSession(req.merchant, req.body.id, originOf(req)),
    limited,
  );
  route(app, r.signOutOthers, (req) => security.signOutOthers(req.merchant, originOf(req)), limited);
  route(app, r.events, (req) => security.events(req.merchant.id, req.query));
}
