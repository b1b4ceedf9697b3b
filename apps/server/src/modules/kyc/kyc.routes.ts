import { adminKycRoutes as a, kycRoutes as r } from '@dropdesk/contract/kyc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originOf } from '../../lib/origin';
import { route } from '../../lib/route';
import { KycService } from './kyc.service';

/** Identity verification and the bank card; operators (roles on the contract rows) review identities. */
export async function kycRoutes(app: FastifyInstance) {
  const kyc = new KycService({ db: app.database.db, clock: app.clock, payPasswords: app.payPasswords });
  const limited = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  // ID photos are named by links signed for the reader's session (modules/uploads/private-links.ts).
  const links = (req: FastifyRequest) => app.privateLinks.forRequest(req);

  route(app, r.idcard, (req) => kyc.info(req.merchant.id, links(req)));
  route(app, r.submitIdcard, (req) => kyc.submit(req.merchant.id, req.body, links(req)), limited);
  route(app, r.bank, (req) => kyc.bank(req.merchant.id));
  route(app, r.changeBank, (req) => kyc.changeBank(req.merchant, req.body, originOf(req)), limited);

  route(app, a.list, (req) => kyc.list(req.query, links(req)));
  route(app, a.approve, (req) => kyc.review(req.operator, req.body.id, 'verified', null, links(req)));
  route(app, a.reject, (req) => kyc.review(req.operator, req.body.id, 'rejected', req.body, links(req)));
}
