import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.category;

/** GET product/category: the category tree, two levels deep, named in the merchant's language. */
export const getCategories = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/product/category' }, { quiet: true });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: getCategories,
    // The tree changes when an operator edits it: rarely.
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQuery());
