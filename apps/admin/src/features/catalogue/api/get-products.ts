import type { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf, QueryOf } from '@dropdesk/contract/route';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof adminCatalogueRoutes.products;
export type ProductsQuery = NonNullable<QueryOf<R>>;
export type AdminProductRow = DataOf<R>['list'][number];

export const getProducts = (query: ProductsQuery) =>
  call<R>({ method: 'GET', path: '/admin/catalogue/products' }, { query });

/** One page of the catalogue, searched and filtered on the server. */
export const productsQuery = (query: ProductsQuery) =>
  queryOptions({
    queryKey: catalogueKeys.products(query),
    queryFn: () => getProducts(query),
    placeholderData: keepPreviousData,
  });
export const useProducts = (query: ProductsQuery) => useQuery(productsQuery(query));
