import type { CatalogueSort, catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.product;
export type CatalogueItem = DataOf<R>['list'][number];

/** Products per page of the distribution centre. */
export const PRODUCTS_PAGE_SIZE = 20;

export interface ProductFilters {
  keyword?: string;
  /** A parent category includes its children. */
  category_id?: number;
  sort: CatalogueSort;
}

/** GET product/product: catalogue search, each product priced at the merchant's margin, `listed` marked. */
export const getProducts = (page: number, { keyword, category_id, sort }: ProductFilters) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/product/product' },
    {
      query: {
        keyword,
        category_id: category_id === undefined ? undefined : String(category_id),
        sort,
        page: String(page),
        limit: String(PRODUCTS_PAGE_SIZE),
      },
      quiet: true,
    },
  );

export const productsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.products(filters),
    queryFn: ({ pageParam }) => getProducts(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useProducts = (filters: ProductFilters) => useInfiniteQuery(productsQuery(filters));
