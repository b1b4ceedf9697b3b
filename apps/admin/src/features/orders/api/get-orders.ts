import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { DataOf, QueryOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof adminOrderRoutes.orders;
export type OrdersQuery = NonNullable<QueryOf<R>>;
export type AdminOrderRow = DataOf<R>['list'][number];

export const getOrders = (query: OrdersQuery) => call<R>({ method: 'GET', path: '/admin/orders' }, { query });

/** One page of every shop's orders, filtered and counted on the server. */
export const useOrders = (query: OrdersQuery) =>
  useQuery({
    queryKey: orderKeys.list(query),
    queryFn: () => getOrders(query),
    placeholderData: keepPreviousData,
  });
