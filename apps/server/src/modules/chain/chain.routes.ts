import { adminChainRoutes as a } from '@dropdesk/contract/chain';
import type { FastifyInstance } from 'fastify';
import { periodic } from '../../lib/periodic';
import { route } from '../../lib/route';
import { ChainService } from './chain.service';
import { ChainWatcher } from './chain-watcher';

/** The console's rows of the chain watcher: networks, their health, alerts. */
export async function chainRoutes(app: FastifyInstance) {
  const chain = new ChainService({ db: app.database.db, clock: app.clock });
  route(app, a.networks, () => chain.networks());
  route(app, a.setNetwork, (req) => chain.setNetwork(req.operator, req.body));
  route(app, a.alerts, (req) => chain.alerts(req.query));
  route(app, a.resolveAlert, (req) => chain.resolveAlert(req.operator, req.body.id, req.body.resolution));
}

/**
 * Runs the chain watcher every `config.chainWatchMs` (0: never, as in tests, which run it by hand)
 * once the server is ready; close waits for a run in progress.
 */
export async function chainWatcherPlugin(app: FastifyInstance) {
  const watcher = new ChainWatcher({ db: app.database.db, clock: app.clock, log: app.log });
  periodic(app, 'chain watcher', app.config.chainWatchMs, () => watcher.runAll());
}
