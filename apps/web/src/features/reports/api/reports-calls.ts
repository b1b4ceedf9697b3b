import type { BillType } from '@dropdesk/contract/ledger';
import type { ReportRange, reportsRoutes } from '@dropdesk/contract/reports';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';

type R = typeof reportsRoutes;
export type BillPage = DataOf<R['bill']>;
export type BillItem = BillPage['list'][number];
export type FinancialReport = DataOf<R['financialReport']>;

/** Rows per page of the funds records. */
export const BILL_PAGE_SIZE = 20;

// Quiet: each screen shows the failure in place, with a retry, so no toast repeats it.
export const reportsApi = {
  bill: (page: number, type: BillType | undefined) =>
    call<R['bill']>(
      { method: 'GET', path: '/merchant/merchant/bill' },
      { query: { page: String(page), limit: String(BILL_PAGE_SIZE), type }, quiet: true },
    ),
  financialReport: (range: ReportRange) =>
    call<R['financialReport']>(
      { method: 'GET', path: '/merchant/merchant/financial_report' },
      { query: { range }, quiet: true },
    ),
};

/** Query keys of this feature, from one factory; keyed by session so one merchant never sees another's. */
export const reportsKeys = {
  all: ['reports'] as const,
  bill: (token: string | null, type: BillType | undefined) =>
    ['reports', 'bill', token, type ?? 'all'] as const,
  financialReport: (token: string | null, range: ReportRange) =>
    ['reports', 'financial-report', token, range] as const,
};

const useToken = () => useSession((s) => s.token);

/** The next page to ask for, or undefined once every row of `total` is loaded. */
export function nextBillPage(last: BillPage, pages: BillPage[]): number | undefined {
  if (last.list.length === 0) return undefined;
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}

/** The wallet's postings, newest first, optionally of one bill type. */
export const useBill = (type: BillType | undefined) =>
  useInfiniteQuery({
    queryKey: reportsKeys.bill(useToken(), type),
    queryFn: ({ pageParam }) => reportsApi.bill(pageParam, type),
    initialPageParam: 1,
    getNextPageParam: nextBillPage,
  });

/** The finance figures of a range; the previous range stays on screen while the next one loads. */
export const useFinancialReport = (range: ReportRange) =>
  useQuery({
    queryKey: reportsKeys.financialReport(useToken(), range),
    queryFn: () => reportsApi.financialReport(range),
    placeholderData: keepPreviousData,
  });
