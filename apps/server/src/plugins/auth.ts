import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLang } from '../i18n/t';
import { Refusal, unauthorized } from '../lib/refusal';
import { Sessions } from '../modules/auth/sessions';
import { BuyerSessions } from '../modules/store/buyer-sessions';
import { PrivateLinks } from '../modules/uploads/private-links';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    buyerSessions: BuyerSessions;
    /** Signed links to private files, bound to the session they are issued to. */
    privateLinks: PrivateLinks;
  }
}

export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 256 ? token : null;
}

/**
 * Reads `lang` and `token` on every request, and enforces each route's `auth`, `roles` and `writes`
 * marks from the route table: merchant routes need a live merchant session, operator routes an
 * operator session of one of the row's roles, and writing actions refuse SHOP_CLOSED while the shop
 * is closed.
 *
 * It runs at `onRequest`, before the body is read, parsed or validated: a caller without a session
 * learns nothing of a secured route's schema (HTTP 401 whatever the body). FORBIDDEN and
 * SHOP_CLOSED come before validation too: they hold whatever the body says, so the caller is not
 * asked to correct a form that would be refused anyway, and nothing is parsed for a request that
 * will not run.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate(
    'sessions',
    new Sessions(app.database.db, app.clock, {
      idleMs: app.config.sessionIdleMs,
      maxMs: app.config.sessionMaxMs,
      operatorIdleMs: app.config.operatorIdleMinutes * 60_000,
    }),
  );
  app.decorate(
    'buyerSessions',
    new BuyerSessions(app.database.db, app.clock, {
      idleMs: app.config.sessionIdleMs,
      maxMs: app.config.sessionMaxMs,
    }),
  );
  app.decorate('privateLinks', new PrivateLinks(app.config.secret, app.clock));
  app.decorateRequest('lang', 'vi');
  app.decorateRequest('buyer', null);
  app.decorateRequest('merchant', null);
  app.decorateRequest('operator', null);

  app.addHook('onRequest', async (request) => {
    request.lang = pickLang(request.headers.lang);
    const { auth, writes, route } = request.routeOptions.config;
    if (!auth || auth === 'none') return;
    const token = tokenOf(request);
    // Storefront buyers: `buyer` rows need a live buyer session; `buyer_optional` rows take one
    // when a valid token comes and serve a guest otherwise.
    if (auth === 'buyer' || auth === 'buyer_optional') {
      const buyer = token ? await app.buyerSessions.resolve(token) : null;
      if (buyer) request.buyer = buyer;
      else if (auth === 'buyer') throw unauthorized();
      return;
    }
    if (auth === 'operator') {
      const op = token ? await app.sessions.operator(token) : null;
      if (!op) throw unauthorized();
      request.operator = { id: op.id, role: op.role, sessionId: op.sessionId };
      // route() refuses to register an operator row without roles, so this never admits by default.
      if (!route?.roles?.includes(op.role)) throw new Refusal('FORBIDDEN');
      return;
    }
    if (!token) {
      if (auth === 'optional') return;
      throw unauthorized();
    }
    const merchant = await app.sessions.merchant(token);
    if (!merchant) throw unauthorized();
    request.merchant = {
      id: merchant.id,
      status: merchant.status as 'active' | 'closed',
      sessionId: merchant.sessionId,
    };
    if (writes && merchant.status === 'closed') throw new Refusal('SHOP_CLOSED');
  });
});
