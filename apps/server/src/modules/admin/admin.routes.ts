import { adminRoutes as r } from '@dropdesk/contract/admin';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { SecretBox } from '../../lib/totp';
import { AuditLog } from './audit-log.service';
import { OperatorAuth } from './operator-auth.service';
import { OperatorsAdmin } from './operators.service';

/**
 * The operators' own API (docs/console-api.md "Operators and security"): the two-step sign-in,
 * sign-out and `me` for every role; managing operators and reading the audit log for admins.
 */
export async function adminRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { clock, sessions } = app;
  const auth = new OperatorAuth({
    db,
    clock,
    sessions,
    hashCost: app.config.argon2,
    box: new SecretBox(app.config.secret),
    idleMinutes: app.config.operatorIdleMinutes,
    currency: app.config.currency,
  });
  const operators = new OperatorsAdmin({ db, clock, sessions, hashCost: app.config.argon2 });
  const auditLog = new AuditLog({ db });
  const signIn = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  route(app, r.login, (req) => auth.login(req.body), signIn);
  route(app, r.loginTotp, (req) => auth.loginTotp(req.body), signIn);
  route(app, r.logout, (req) => auth.logout(req.operator));
  route(app, r.me, (req) => auth.me(req.operator));

  route(app, r.operators, (req) => {
    const { page, limit, ...filter } = req.query;
    return operators.page(filter, { page, limit });
  });
  route(app, r.createOperator, (req) => operators.create(req.operator.id, req.body));
  route(app, r.updateOperator, (req) => operators.update(req.operator.id, req.body));
  route(app, r.resetTotp, (req) => operators.resetTotp(req.operator.id, req.body.id));
  route(app, r.audit, (req) =>
    auditLog.page(
      {
        operatorId: req.query.operator_id,
        action: req.query.action,
        targetType: req.query.target_type,
        targetId: req.query.target_id,
        from: req.query.from,
        to: req.query.to,
      },
      { page: req.query.page, limit: req.query.limit },
    ),
  );
}
