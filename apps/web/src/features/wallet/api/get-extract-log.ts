import type { walletRoutes } from '@dropdesk/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof walletRoutes.extractLog;

/** GET extract_log: the merchant's withdrawals, newest first. */
export const getExtractLog = (page: number) =>
  call<R>(
    { method: 'GET', path: '/merchant/merchant/extract_log' },
    { query: { page: String(page) }, quiet: true },
  );

export const extractLogQuery = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.extractLog(),
    queryFn: ({ pageParam }) => getExtractLog(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useExtractLog = () => useInfiniteQuery(extractLogQuery());
