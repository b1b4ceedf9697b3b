import type { BillType, JournalType } from '@dropdesk/contract/ledger';
import type { BillAccount, ReportRange, reportsRoutes } from '@dropdesk/contract/reports';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { reportsKeys } from '../../../lib/query-keys';

type R = typeof reportsRoutes.bill;
export type BillPage = DataOf<R>;
export type BillItem = BillPage['list'][number];

/** Rows per page of the funds records. */
export const BILL_PAGE_SIZE = 20;

/** The funds records' filters (each left out is "all"): a type, a journal type (a report line), a period, the account. */
export interface BillFilters {
  type?: BillType;
  journal_type?: JournalType;
  range?: ReportRange;
  account?: BillAccount;
}

/** GET bill: the wallet's (or the hold's) postings, newest first, by the filters, with their sums. */
export const getBill = (page: number, f: BillFilters) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/merchant/bill' },
    {
      query: {
        page: String(page),
        limit: String(BILL_PAGE_SIZE),
        type: f.type,
        journal_type: f.journal_type,
        range: f.range,
        account: f.account,
      },
      quiet: true,
    },
  );

export const billQuery = (f: BillFilters) =>
  infiniteQueryOptions({
    queryKey: reportsKeys.bill(f),
    queryFn: ({ pageParam }) => getBill(pageParam, f),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useBill = (f: BillFilters) => useInfiniteQuery(billQuery(f));
