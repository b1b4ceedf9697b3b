import { adminShopRoutes as a, shopRoutes as r } from '@dropdesk/contract/shop';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { ServiceContacts } from '../platform';
import { ShopSettings } from './shop.service';
import { ShopAdmin } from './shop-admin.service';

/**
 * Shop settings (docs/shop.md): merchant/store and merchant/store_banner (`writes`: a
 * closed shop is refused SHOP_CLOSED by the auth plugin), operators closing and reopening shops
 * (support and admin roles), and the platform's customer-service contact (set by admins).
 */
export async function shopRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { clock } = app;
  const settings = new ShopSettings({ db, clock, publicUrl: app.config.publicUrl });
  const admin = new ShopAdmin({ db, clock, sessions: app.sessions, publicUrl: app.config.publicUrl });
  const contacts = new ServiceContacts({ db, clock, fallbackUrl: app.config.serviceUrl });

  route(app, r.store, (req) => settings.save(req.merchant.id, req.body));
  route(app, r.storeBanner, (req) => settings.saveBanners(req.merchant.id, req.body));

  route(app, a.shop, (req) => admin.shop(req.query.merchant_id));
  route(app, a.close, (req) => admin.close(req.operator.id, req.body.merchant_id, req.body.reason));
  route(app, a.reopen, (req) => admin.reopen(req.operator.id, req.body.merchant_id, req.body.note));
  route(app, a.serviceContact, () => contacts.get());
  route(app, a.setServiceContact, (req) => contacts.set(req.operator.id, req.body));
}
