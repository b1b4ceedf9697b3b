import { adminExpressRoutes as a, expressRoutes as r } from '@dropdesk/contract/express';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { ExpressService } from './express.service';
import { ExpressAdmin } from './express-admin.service';

/**
 * The shop express lane (index/train, index/buy_train, index/buy_train_bill) and the operators'
 * packages. Each line is a delegate; auth, roles, SHOP_CLOSED on the purchase and its
 * Idempotency-Key are the contract rows', enforced before the handler runs.
 */
export async function expressRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock, payPasswords: app.payPasswords };
  const express = new ExpressService(deps);
  const admin = new ExpressAdmin(deps);
  const money = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(app, r.train, (req) => express.train(req.merchant.id, req.lang));
  route(app, r.buyTrain, (req) => express.buy(req.merchant.id, req.lang, req.body, req.idempotency), money);
  route(app, r.buyTrainBill, (req) => express.bill(req.merchant.id, req.lang, req.query));

  route(app, a.packages, () => admin.list());
  route(app, a.createPackage, (req) => admin.create(req.operator, req.body));
  route(app, a.updatePackage, (req) => admin.update(req.operator, req.body));
  route(app, a.disablePackage, (req) => admin.disable(req.operator, req.body.id));
}
