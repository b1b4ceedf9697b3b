import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { catalogueKeys } from '../../../lib/query-keys';
import { PRODUCTS_PAGE_SIZE } from './get-products';

type R = typeof catalogueRoutes.hot;

/** GET product/hot: the catalogue's hot products, best-selling first. */
export const getHot = (page: number) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/product/hot' },
    { query: { page: String(page), limit: String(PRODUCTS_PAGE_SIZE) }, quiet: true },
  );

export const hotQuery = () =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.hot(),
    queryFn: ({ pageParam }) => getHot(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useHot = () => useInfiniteQuery(hotQuery());
