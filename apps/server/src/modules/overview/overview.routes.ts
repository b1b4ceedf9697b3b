import { overviewRoutes as r } from '@dropdesk/contract/overview';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { LedgerChecks, ledgerCheckPlugin } from './ledger-checks';
import { OverviewService } from './overview.service';
import { PlatformFiguresCache } from './platform-figures';

/** The console's overview, queue summary and ledger checks (contract `overviewRoutes`). */
export async function overviewRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock };
  const ledgerChecks = new LedgerChecks(deps);
  const figures = new PlatformFiguresCache({
    ...deps,
    maxAgeMs: app.config.overviewMaxAgeMs,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const overview = new OverviewService({ ...deps, ledgerChecks, figures });

  route(app, r.overview, (req) => overview.overview(req.query.tz, req.query.fresh === '1'));
  route(app, r.queues, (req) => overview.queues(req.lang));
  route(app, r.ledgerChecks, (req) => ledgerChecks.list(req.query));
  route(app, r.runLedgerCheck, (req) => ledgerChecks.run(req.operator.id));

  await app.register(ledgerCheckPlugin);
}
