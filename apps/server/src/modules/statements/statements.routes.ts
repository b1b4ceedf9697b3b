import { merchantAdminRoutes as admin } from '@dropdesk/contract/merchants-admin';
import { reportsRoutes as r } from '@dropdesk/contract/reports';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { StatementService } from './statement.service';

/**
 * A merchant's statement (docs/ledger-proof.md): the merchant's own, and the same file produced for
 * it by an operator, in the merchant's language, with an audit entry saying who asked for which
 * period and form.
 */
export async function statementRoutes(app: FastifyInstance) {
  const statements = new StatementService({
    db: app.database.db,
    clock: app.clock,
    currency: app.config.currency.code,
  });
  route(app, r.statement, (req) =>
    statements.produce({ merchantId: req.merchant.id, ...req.query, lang: req.lang }),
  );
  route(app, admin.statement, (req) => {
    const { id, ...period } = req.query;
    return statements.produceFor(req.operator.id, id, period);
  });
}
