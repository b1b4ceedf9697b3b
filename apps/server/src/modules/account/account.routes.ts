import { accountRoutes as r } from '@dropdesk/contract/account';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { AccountService } from './account.service';
import type { PayPasswords } from './paypwd.service';

export async function accountRoutes(app: FastifyInstance) {
  const account = new AccountService(app);
  const payPasswords = app.payPasswords;

  route(app, r.config, () => account.publicConfig());
  route(app, r.languageList, () => ({ list: account.languages() }));
  route(app, r.getMerInfo, (req) => account.merInfo(req.merchant!.id));
  route(app, r.setLanguage, (req) => account.setLanguage(req.merchant!.id, req.query.lang));
  route(app, r.sendCode, (req) => account.sendResetCode(req.body.account, req.lang), {
    rateLimit: {
      hook: 'preHandler',
      max: 1,
      timeWindow: '1 minute',
      keyGenerator: (req) =>
        `send_code:${String((req.body as { account?: string })?.account ?? '')
          .trim()
          .toLowerCase()}`,
    },
  });
  route(
    app,
    r.resetPwd,
    (req) =>
      account.resetPassword(
        req.merchant ? { merchantId: req.merchant.id, sessionId: req.merchant.sessionId } : null,
        req.body,
      ),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  route(app, r.setPayPwd, (req) => payPasswords.set(req.merchant!.id, req.body.pay_password));
  route(app, r.resetPay, (req) => payPasswords.change(req.merchant!.id, req.body), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  route(
    app,
    r.verifyPay,
    async (req) => {
      await payPasswords.check(req.merchant!.id, req.body.pay_password);
      return { ok: true as const };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    payPasswords: PayPasswords;
  }
}
