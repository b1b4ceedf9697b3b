import { UPLOAD_MAX_BYTES } from '@dropdesk/contract/constants';
import { adminOrderRoutes as r } from '@dropdesk/contract/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptForms, readForm } from '../../lib/forms';
import { fieldRefusal } from '../../lib/refusal';
import { route } from '../../lib/route';
import { OrderDesk } from './admin-orders.service';
import { RefundsService } from './refunds.service';

/**
 * The support desk's orders, shipping (one by one or from a CSV) and refund appeals (contract
 * `adminOrderRoutes`: support or admin, appeals also reviewers; enforced by the auth plugin from each row).
 */
export async function adminOrderRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, clock: app.clock };
  const desk = new OrderDesk({ ...deps, log: (message, error) => app.log.error({ err: error }, message) });
  // The shipping CSV comes as a multipart `file` or as a text/csv body (up to the upload limit).
  await acceptForms(app);
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  const refunds = new RefundsService(deps);

  route(app, r.orders, (req) => desk.list(req.query));
  route(app, r.order, (req) => desk.detail(req.query.id));
  route(app, r.ship, (req) => desk.ship(req.operator, req.body));
  route(app, r.progress, (req) => desk.progress(req.operator, req.body));
  route(app, r.shipCsv, async (req) => desk.shipCsv(req.operator, req.lang, await csvOf(req)));
  route(app, r.appeals, (req) => refunds.appeals(req.query));
  route(app, r.arbitrate, (req) => refunds.arbitrate(req.operator, req.body, req.idempotency));
}

/** The CSV of a shipping upload: the multipart form's `file`, or a text/csv body as it came. */
async function csvOf(req: FastifyRequest): Promise<Buffer> {
  if (req.isMultipart()) return (await readForm(req, [])).file;
  if (Buffer.isBuffer(req.body) && req.body.length > 0) return req.body;
  throw fieldRefusal('INVALID_INPUT', 'file', 'FIELD_REQUIRED');
}
