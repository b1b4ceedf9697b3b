import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof adminOrderRoutes.order;
export type AdminOrderDetail = DataOf<R>;

export const getOrder = (id: number) =>
  call<R>({ method: 'GET', path: '/admin/orders/detail' }, { query: { id: String(id) } });
export const useOrder = (id: number) =>
  useQuery({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });
