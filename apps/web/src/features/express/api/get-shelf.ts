import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { expressKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.manage;
export type ShelfListing = DataOf<R>['list'][number];

/**
 * GET product/manage, on shelf only: the listings a purchase may feature, newest first, each with
 * its `recommended` flag (featured now: it can't be featured twice at once).
 */
export const getShelf = (page: number) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/product/manage' },
    { query: { status: 'selling', page: String(page), limit: '20' }, quiet: true },
  );

export const shelfQuery = () =>
  infiniteQueryOptions({
    queryKey: expressKeys.shelf(),
    queryFn: ({ pageParam }) => getShelf(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useShelf = (enabled: boolean) => useInfiniteQuery({ ...shelfQuery(), enabled });
