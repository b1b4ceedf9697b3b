import { type OperatorRole, adminRoutes as r } from '@dropdesk/contract/admin';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../lib/crypto';
import { Refusal } from '../../lib/refusal';
import { route } from '../../lib/route';

/** The operator API. Issue by issue, reviews and catalogue management land here. */
export async function adminRoutes(app: FastifyInstance) {
  route(
    app,
    r.login,
    async (request) => {
      const op = await app.database.db
        .selectFrom('operators')
        .selectAll()
        .where('username', '=', request.body.username)
        .executeTakeFirst();
      const ok =
        op && op.disabled_at === null && (await verifyPassword(op.password_hash, request.body.password));
      if (!op || !ok) throw new Refusal('INVALID_CREDENTIALS');
      const token = await app.sessions.open({ type: 'operator', id: op.id });
      return { token, operator: { id: op.id, username: op.username, role: op.role as OperatorRole } };
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
}
