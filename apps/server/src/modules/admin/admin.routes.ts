import { adminRoutes as r } from '@dropdesk/contract/admin';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { OperatorAuth } from './operator-auth.service';

/** The operator API. Issue by issue, reviews and catalogue management land here. */
export async function adminRoutes(app: FastifyInstance) {
  const auth = new OperatorAuth({
    db: app.database.db,
    sessions: app.sessions,
    hashCost: app.config.argon2,
  });

  route(app, r.login, (req) => auth.login(req.body), { rateLimit: { max: 10, timeWindow: '1 minute' } });
}
