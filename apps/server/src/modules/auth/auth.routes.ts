import { accountRoutes as r } from '@dropdesk/contract/account';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/origin';
import { route } from '../../lib/route';
import { AuthService } from './auth.service';
import type { Registration } from './registration';

export async function authRoutes(app: FastifyInstance) {
  const auth = new AuthService(app);
  const perClient = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

  route(app, r.captcha, () => auth.newCaptcha(), perClient(30, '1 minute'));
  route(app, r.login, (req) => auth.login(req.ip, req.body, originOf(req)), perClient(20, '1 minute'));
  route(app, r.logout, (req) => auth.logout(req.merchant, originOf(req)));
  route(app, r.verifyCode, (req) => auth.verifyInviteCode(req.body.invite_code), perClient(30, '1 minute'));
  route(
    app,
    r.register,
    (req) => auth.register(req.body as Registration, req.lang, originOf(req)),
    perClient(10, '1 minute'),
  );
  route(app, r.third, (req) => auth.third(req.body, originOf(req)), perClient(20, '1 minute'));
  route(
    app,
    r.tkregister,
    (req) => auth.tkregister(req.body as Registration & { data: string }, req.lang, originOf(req)),
    perClient(10, '1 minute'),
  );
}
