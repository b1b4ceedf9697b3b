import { adminKycRoutes as a, kycRoutes as r } from '@dropdesk/contract/kyc';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { KycService } from './kyc.service';

/** Identity verification and the bank card; operators (roles on the contract rows) review identities. */
export async function kycRoutes(app: FastifyInstance) {
  const kyc = new KycService({ db: app.database.db, clock: app.clock, payPasswords: app.payPasswords });
  const limited = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  route(app, r.idcard, (req) => kyc.info(req.merchant!.id));
  route(app, r.submitIdcard, (req) => kyc.submit(req.merchant!.id, req.body), limited);
  route(app, r.bank, (req) => kyc.bank(req.merchant!.id));
  route(app, r.changeBank, (req) => kyc.changeBank(req.merchant!.id, req.body), limited);

  route(app, a.list, (req) => kyc.list(req.query));
  route(app, a.approve, (req) => kyc.review(req.operator!, req.body.id, 'verified', null));
  route(app, a.reject, (req) => kyc.review(req.operator!, req.body.id, 'rejected', req.body));
}
