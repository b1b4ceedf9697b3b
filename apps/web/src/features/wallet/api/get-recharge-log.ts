import type { walletRoutes } from '@dropdesk/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof walletRoutes.rechargeLog;

/** GET recharge_log: the merchant's top-ups, newest first. */
export const getRechargeLog = (page: number) =>
  call<R>(
    { method: 'GET', path: '/merchant/merchant/recharge_log' },
    { query: { page: String(page) }, quiet: true },
  );

export const rechargeLogQuery = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.rechargeLog(),
    queryFn: ({ pageParam }) => getRechargeLog(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useRechargeLog = () => useInfiniteQuery(rechargeLogQuery());
