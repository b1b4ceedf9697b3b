import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof adminOrderRoutes.order;

/** The appealed refund's order, unmasked, with its money trail and timeline. */
export const getOrder = (id: number) =>
  call<R>({ method: 'GET', path: '/admin/orders/detail' }, { query: { id: String(id) } });
export const useAppealOrder = (id: number) =>
  useQuery({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });
