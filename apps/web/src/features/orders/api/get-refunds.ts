import type { orderRoutes, RefundStatus } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof orderRoutes.refundOrder;
export type Refund = DataOf<R>['list'][number];

/** Refund requests per page. */
export const REFUNDS_PAGE_SIZE = 20;

export interface RefundFilters {
  /** One refund status; none is all. */
  status?: RefundStatus;
}

/** GET merchant/refund_order: the refund requests on the shop's orders, newest first. */
export const getRefunds = (page: number, { status }: RefundFilters) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/merchant/refund_order' },
    { query: { status, page: String(page), limit: String(REFUNDS_PAGE_SIZE) }, quiet: true },
  );

export const refundsQuery = (filters: RefundFilters) =>
  infiniteQueryOptions({
    queryKey: orderKeys.refunds(filters),
    queryFn: ({ pageParam }) => getRefunds(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useRefunds = (filters: RefundFilters) => useInfiniteQuery(refundsQuery(filters));
