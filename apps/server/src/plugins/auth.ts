import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLang } from '../i18n/t';
import { Refusal, unauthorized } from '../lib/refusal';
import { Sessions } from '../modules/sessions';
import { BuyerSessions } from '../modules/store';
import { PrivateLinks } from '../modules/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    buyerSessions: BuyerSessions;
    /** Signed links to private files, bound to the session they are issued to. */
    privateLinks: PrivateLinks;
  }
}

/** The longest token we look up: ours are 43 characters; anything far longer is not one. */
const MAX_TOKEN = 256;

/** The `token` header as sent, or null when none was sent (an empty header is none). */
export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  return token ? token : null;
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
    // Rows open to anyone (`none`: sign-in, registration, captcha, the shelf) read no session and
    // answer everyone alike, so a token sent there is not looked at: a stale one must not stand in
    // the way of signing in again.
    if (!auth || auth === 'none') return;
    const token = tokenOf(request);
    // No token at all: a guest where the row allows one, 401 where it needs a session.
    if (token === null) {
      if (auth === 'optional' || auth === 'buyer_optional') return;
      throw unauthorized();
    }
    // A token that was sent must be a live session of the row's kind, on guest rows too: an
    // expired, revoked or forged one (or a merchant's on a buyer's row) answers 401, so the app asks
    // the person to sign in again rather than serve them as a stranger (docs/design.md §4).
    if (token.length > MAX_TOKEN) throw unauthorized();
    if (auth === 'buyer' || auth === 'buyer_optional') {
      const buyer = await app.buyerSessions.resolve(token);
      if (!buyer) throw unauthorized();
      request.buyer = buyer;
      return;
    }
    if (auth === 'operator') {
      const op = await app.sessions.operator(token);
      if (!op) throw unauthorized();
      request.operator = { id: op.id, role: op.role, sessionId: op.sessionId };
      // route() refuses to register an operator row without roles, so this never admits by default.
      if (!route?.roles?.includes(op.role)) throw new Refusal('FORBIDDEN');
      return;
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
