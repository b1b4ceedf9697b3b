import type { ReportRange, reportsRoutes } from '@dropdesk/contract/reports';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { reportsKeys } from '../../../lib/query-keys';

type R = typeof reportsRoutes.financialReport;
export type FinancialReport = DataOf<R>;

/** GET financial_report: the figures of a range and its days. */
export const getFinancialReport = (range: ReportRange) =>
  call<R>({ method: 'GET', path: '/merchant/merchant/financial_report' }, { query: { range }, quiet: true });

export const financialReportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportsKeys.financialReport(range),
    queryFn: () => getFinancialReport(range),
    // The previous range stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useFinancialReport = (range: ReportRange) => useQuery(financialReportQuery(range));
