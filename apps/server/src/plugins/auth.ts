import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLang } from '../i18n/t';
import { Refusal, unauthorized } from '../lib/refusal';
import { Sessions } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 256 ? token : null;
}

/**
 * Reads `lang` and `token` on every request, and enforces each route's `auth` and `writes` marks
 * from the route table: merchant routes need a live merchant session, operator routes an operator
 * session, and writing actions refuse SHOP_CLOSED while the shop is closed.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'sessions',
    new Sessions(app.database.db, app.clock, {
      idleMs: app.config.sessionIdleMs,
      maxMs: app.config.sessionMaxMs,
    }),
  );
  app.decorateRequest('lang', 'vi');
  app.decorateRequest('merchant', null);
  app.decorateRequest('operator', null);

  app.addHook('onRequest', async (request) => {
    request.lang = pickLang(request.headers.lang);
  });

  app.addHook('preHandler', async (request) => {
    const { auth, writes } = request.routeOptions.config;
    if (!auth || auth === 'none') return;
    const token = tokenOf(request);
    if (auth === 'operator') {
      const session = token ? await app.sessions.resolve(token, 'operator') : null;
      if (!session) throw unauthorized();
      const op = await app.database.db
        .selectFrom('operators')
        .select(['id', 'role', 'disabled_at'])
        .where('id', '=', session.subjectId)
        .executeTakeFirst();
      if (!op || op.disabled_at !== null) throw unauthorized();
      request.operator = { id: op.id, role: op.role, sessionId: session.id };
      return;
    }
    if (!token) {
      if (auth === 'optional') return;
      throw unauthorized();
    }
    const session = await app.sessions.resolve(token, 'merchant');
    if (!session) throw unauthorized();
    const merchant = await app.database.db
      .selectFrom('merchants')
      .select(['id', 'status'])
      .where('id', '=', session.subjectId)
      .executeTakeFirst();
    if (!merchant) throw unauthorized();
    request.merchant = {
      id: merchant.id,
      status: merchant.status as 'active' | 'closed',
      sessionId: session.id,
    };
    if (writes && merchant.status === 'closed') throw new Refusal('SHOP_CLOSED');
  });
});
