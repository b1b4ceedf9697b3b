import type { expressRoutes, PurchaseState } from '@dropdesk/contract/express';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { expressKeys } from '../../../lib/query-keys';

type R = typeof expressRoutes.buyTrainBill;
export type Purchase = DataOf<R>['list'][number];

/** GET index/buy_train_bill: the purchase records, newest first; all, or active or expired ones. */
export const getTrainBill = (page: number, state?: PurchaseState) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/index/buy_train_bill' },
    { query: { state, page: String(page) }, quiet: true },
  );

export const trainBillQuery = (state?: PurchaseState) =>
  infiniteQueryOptions({
    queryKey: expressKeys.bill(state ? { state } : {}),
    queryFn: ({ pageParam }) => getTrainBill(pageParam, state),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useTrainBill = (state?: PurchaseState) => useInfiniteQuery(trainBillQuery(state));
