import { adminMessageRoutes as a, messageRoutes as r } from '@dropdesk/contract/messages';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { MessageDesk } from './admin-messages.service';
import { MessagesService } from './messages.service';

/**
 * Messages (contract `messageRoutes`: the merchant's notices and system messages, their read
 * state, the announcements on Home) and the operators' broadcasts and announcements
 * (`adminMessageRoutes`: roles on each row, enforced by the auth plugin). docs/messages.md.
 */
export async function messageRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock };
  const messages = new MessagesService(deps);
  const desk = new MessageDesk(deps);

  route(app, r.affiche, (req) => messages.affiche(req.lang, req.query));
  route(app, r.notice, (req) => messages.list(req.merchant.id, req.query));
  route(app, r.noticeDetail, (req) => messages.detail(req.merchant.id, req.query));
  route(app, r.unread, (req) => messages.unread(req.merchant.id));
  route(app, r.seeNotice, (req) => messages.see(req.merchant.id, req.body));

  route(app, a.broadcasts, (req) => desk.broadcasts(req.query));
  route(app, a.broadcast, (req) => desk.broadcast(req.operator, req.body));
  route(app, a.announcements, (req) => desk.announcements(req.query));
  route(app, a.createAnnouncement, (req) => desk.createAnnouncement(req.operator, req.body));
  route(app, a.updateAnnouncement, (req) => desk.updateAnnouncement(req.operator, req.body));
}
