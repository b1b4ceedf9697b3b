import { reportsRoutes as r } from '@dropdesk/contract/reports';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { ReportsService } from './reports.service';

/** Funds records and the finance report. */
export async function reportsRoutes(app: FastifyInstance) {
  const reports = new ReportsService({ db: app.database.db, clock: app.clock });
  route(app, r.bill, (req) => reports.bill(req.merchant.id, req.query));
  route(app, r.financialReport, (req) => reports.financialReport(req.merchant.id, req.query.range));
}
