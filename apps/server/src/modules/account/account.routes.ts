import { accountRoutes as r } from '@dropdesk/contract/account';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/origin';
import { route } from '../../lib/route';
import { AccountService } from './account.service';
import type { PayPasswords } from './paypwd.service';

/** Reset codes one client address may ask for, to any destinations, per window. */
const SEND_CODE_PER_CLIENT = 5;
const SEND_CODE_CLIENT_WINDOW = '15 minutes';

export async function accountRoutes(app: FastifyInstance) {
  const account = new AccountService({
    db: app.database.db,
    clock: app.clock,
    mailer: app.mailer,
    sessions: app.sessions,
    config: app.config,
  });
  const payPasswords = app.payPasswords;

  route(app, r.config, () => account.publicConfig());
  route(app, r.languageList, () => ({ list: account.languages() }));
  route(app, r.getMerInfo, (req) => account.merInfo(req.merchant.id));
  route(app, r.setLanguage, (req) => account.setLanguage(req.merchant.id, req.query.lang));
  route(app, r.setTimeZone, (req) => account.setTimeZone(req.merchant.id, req.body.time_zone));
  // Codes cost money (mail, SMS) and reach other people's inboxes: one a minute per destination,
  // and at most SEND_CODE_PER_CLIENT per window from one client address across all destinations,
  // so one client cannot spray codes at a list of addresses.
  route(app, r.sendCode, (req) => account.sendResetCode(req.body.account, req.lang), {
    rateLimit: {
      hook: 'preHandler',
      max: 1,
      timeWindow: '1 minute',
      // The destination as the service reads it: case and phone punctuation make no new address.
      keyGenerator: (req) => {
        const account = String((req.body as { account?: string })?.account ?? '').trim();
        return `send_code:${account.includes('@') ? account.toLowerCase() : account.replace(/[\s\-().]/g, '')}`;
      },
    },
    alsoLimit: {
      max: SEND_CODE_PER_CLIENT,
      timeWindow: SEND_CODE_CLIENT_WINDOW,
      keyGenerator: (req) => `send_code_client:${req.ip}`,
    },
  });
  route(
    app,
    r.resetPwd,
    (req) =>
      account.resetPassword(
        req.merchant ? { merchantId: req.merchant.id, sessionId: req.merchant.sessionId } : null,
        req.body,
        originOf(req),
      ),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  route(app, r.setPayPwd, (req) => payPasswords.set(req.merchant, req.body.pay_password, originOf(req)));
  route(app, r.resetPay, (req) => payPasswords.change(req.merchant, req.body, originOf(req)), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  route(app, r.verifyPay, (req) => payPasswords.confirm(req.merchant.id, req.body.pay_password), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    payPasswords: PayPasswords;
  }
}
