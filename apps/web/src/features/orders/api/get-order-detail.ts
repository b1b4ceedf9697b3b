import type { orderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof orderRoutes.detail;
export type OrderDetail = DataOf<R>;

/** GET order/detail: one order with its receiver (masked until picked up), timeline and money trail. */
export const getOrderDetail = (id: number) =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/order/detail' }, { query: { id: String(id) }, quiet: true });

export const orderDetailQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrderDetail(id) });

export const useOrderDetail = (id: number) => useQuery(orderDetailQuery(id));
