import type { catalogueRoutes, ListingStatus } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.manage;
export type Listing = DataOf<R>['list'][number];
export type ShopCounts = DataOf<R>['counts'];
export type ListingFilter = 'all' | ListingStatus;

/** Listings per page of product management. */
export const LISTINGS_PAGE_SIZE = 20;

export interface ListingFilters {
  status: ListingFilter;
  keyword?: string;
}

/** GET product/manage: the shop's listings, newest first; every page carries the shop's counts and quota. */
export const getListings = (page: number, { status, keyword }: ListingFilters, limit = LISTINGS_PAGE_SIZE) =>
  // Quiet: the screens show a failure in place, with a retry (InfiniteList, QueryState).
  call<R>(
    { method: 'GET', path: '/merchant/product/manage' },
    { query: { status, keyword, page: String(page), limit: String(limit) }, quiet: true },
  );

export const listingsQuery = (filters: ListingFilters) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.listings(filters),
    queryFn: ({ pageParam }) => getListings(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useListings = (filters: ListingFilters) => useInfiniteQuery(listingsQuery(filters));

/** The shop at a glance (the Product tab): the same call for one row, read for its counts. */
export const countsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.counts(),
    queryFn: async () => (await getListings(1, { status: 'all' }, 1)).counts,
  });

export const useShopCounts = () => useQuery(countsQuery());
