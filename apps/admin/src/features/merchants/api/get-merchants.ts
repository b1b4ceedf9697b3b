import type { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import type { DataOf, QueryOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { merchantKeys } from '../../../lib/query-keys';

type R = typeof merchantAdminRoutes.merchants;
export type MerchantsQuery = NonNullable<QueryOf<R>>;
export type MerchantRow = DataOf<R>['list'][number];

/** Merchants by id, phone, email or shop name, searched and paged on the server. */
export const getMerchants = (query: MerchantsQuery) =>
  call<R>({ method: 'GET', path: '/admin/merchants' }, { query });
export const useMerchants = (query: MerchantsQuery) =>
  useQuery({
    queryKey: merchantKeys.list(query),
    queryFn: () => getMerchants(query),
    placeholderData: keepPreviousData,
  });
