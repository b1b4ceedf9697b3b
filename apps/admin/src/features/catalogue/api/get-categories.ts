import type { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof adminCatalogueRoutes.categories;
export type AdminCategoryRow = DataOf<R>[number];

export const getCategories = () => call<R>({ method: 'GET', path: '/admin/catalogue/categories' });
export const categoriesQuery = () =>
  queryOptions({ queryKey: catalogueKeys.categories(), queryFn: getCategories });
export const useCategories = () => useQuery(categoriesQuery());
