import type { ReviewStatus, walletRoutes } from '@dropdesk/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof walletRoutes.rechargeLog;

/** GET recharge_log: the merchant's top-ups, newest first (of one status when given), with their sums. */
export const getRechargeLog = (page: number, status?: ReviewStatus) =>
  call<R>(
    { method: 'GET', path: '/merchant/merchant/recharge_log' },
    { query: { page: String(page), status }, quiet: true },
  );

export const rechargeLogQuery = (status?: ReviewStatus) =>
  infiniteQueryOptions({
    queryKey: walletKeys.rechargeLog(status ? { status } : {}),
    queryFn: ({ pageParam }) => getRechargeLog(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useRechargeLog = (status?: ReviewStatus) => useInfiniteQuery(rechargeLogQuery(status));
