import { catalogueRoutes as r } from '@dropdesk/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { CatalogueService } from './catalogue.service';
import { LevelsService } from './levels.service';
import { ListingsService } from './listings.service';

/**
 * The merchant's catalogue, listings and levels (distribution centre, product management, seller
 * level). Each line is a delegate; auth, SHOP_CLOSED on writes and the Idempotency-Key of the level
 * purchase are the contract row's, enforced before the handler runs.
 */
export async function productRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock, payPasswords: app.payPasswords };
  const catalogue = new CatalogueService(deps);
  const listings = new ListingsService(deps);
  const levels = new LevelsService(deps);
  const money = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(app, r.category, (req) => catalogue.categories(req.lang));
  route(app, r.product, (req) => catalogue.search(req.merchant.id, req.lang, req.query));
  route(app, r.hot, (req) => catalogue.hot(req.merchant.id, req.lang, req.query));
  route(app, r.add, (req) => listings.add(req.merchant.id, req.body.product_ids));
  route(app, r.addAll, (req) => listings.addAll(req.merchant.id, req.lang, req.body));
  route(app, r.addAllHot, (req) => listings.addAllHot(req.merchant.id, req.lang));
  route(app, r.manage, (req) => listings.manage(req.merchant.id, req.lang, req.query));
  route(app, r.detail, (req) => catalogue.detail(req.merchant.id, req.lang, req.query));
  route(app, r.setSwitch, (req) => listings.setSwitch(req.merchant.id, req.body.ids, req.body.status));
  route(app, r.del, (req) => listings.del(req.merchant.id, req.body.ids));
  route(app, r.level, (req) => levels.overview(req.merchant.id));
  route(app, r.levelUpgrade, (req) => levels.upgrade(req.merchant.id, req.body, req.idempotency), money);
}
