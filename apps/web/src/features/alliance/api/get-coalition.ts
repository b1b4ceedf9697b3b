import type { allianceRoutes } from '@dropdesk/contract/alliance';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { allianceKeys } from '../../../lib/query-keys';

type R = typeof allianceRoutes.coalition;
export type Coalition = DataOf<R>;
export type Member = Coalition['list'][number];

/** GET index/coalition: the code, link and rate on every page, and the members newest first. */
export const getCoalition = (page: number) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/index/coalition' },
    { query: { page: String(page) }, quiet: true },
  );

export const coalitionQuery = () =>
  infiniteQueryOptions({
    queryKey: allianceKeys.coalition(),
    queryFn: ({ pageParam }) => getCoalition(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useCoalition = () => useInfiniteQuery(coalitionQuery());
