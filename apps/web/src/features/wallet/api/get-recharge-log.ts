import type { RechargeItem, ReviewStatus, walletRoutes } from '@dropdesk/contract/wallet';
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

/** A transfer to the merchant's own address that is still counting its network confirmations. */
export const isCounting = (r: RechargeItem): boolean =>
  r.status === 'pending' && r.chain !== null && !r.chain.below_minimum;

/** While a transfer counts its confirmations, the records are read again this often (blocks: 3–12 s). */
export const FOLLOW_CHAIN_MS = 10_000;

export const rechargeLogQuery = (status?: ReviewStatus) =>
  infiniteQueryOptions({
    queryKey: walletKeys.rechargeLog(status ? { status } : {}),
    queryFn: ({ pageParam }) => getRechargeLog(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // The merchant sees a transfer's confirmations go up, then it credited, without pulling.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some(isCounting)) ? FOLLOW_CHAIN_MS : false,
  });

export const useRechargeLog = (status?: ReviewStatus) => useInfiniteQuery(rechargeLogQuery(status));
