import type { dashboardRoutes } from '@dropdesk/contract/dashboard';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { dashboardKeys } from '../../../lib/query-keys';

type R = typeof dashboardRoutes.ratings;
export type Rating = DataOf<R>['list'][number];

/** Ratings per page. */
export const RATINGS_PAGE_SIZE = 20;

/** GET index/ratings: the buyers' ratings, newest first. Quiet: InfiniteList shows a failure. */
export const getRatings = (page: number) =>
  call<R>(
    { method: 'GET', path: '/merchant/index/ratings' },
    { query: { page: String(page), limit: String(RATINGS_PAGE_SIZE) }, quiet: true },
  );

export const ratingsQuery = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.ratings(),
    queryFn: ({ pageParam }) => getRatings(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useRatings = () => useInfiniteQuery(ratingsQuery());
