import type { BillType } from '@dropdesk/contract/ledger';
import type { reportsRoutes } from '@dropdesk/contract/reports';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { reportsKeys } from '../../../lib/query-keys';

type R = typeof reportsRoutes.bill;
export type BillItem = DataOf<R>['list'][number];

/** Rows per page of the funds records. */
export const BILL_PAGE_SIZE = 20;

/** GET bill: the wallet's postings, newest first, optionally of one type. */
export const getBill = (page: number, type: BillType | undefined) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/merchant/bill' },
    { query: { page: String(page), limit: String(BILL_PAGE_SIZE), type }, quiet: true },
  );

export const billQuery = (type: BillType | undefined) =>
  infiniteQueryOptions({
    queryKey: reportsKeys.bill(type ? { type } : {}),
    queryFn: ({ pageParam }) => getBill(pageParam, type),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useBill = (type: BillType | undefined) => useInfiniteQuery(billQuery(type));
