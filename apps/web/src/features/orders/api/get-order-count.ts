import type { orderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof orderRoutes.orderCount;
export type OrderCounts = DataOf<R>;

/** POST order/orderCount: how many orders are in each status, and in all (the tabs' counts). */
export const getOrderCount = () =>
  // Quiet: the tabs then show their labels without counts.
  call<R>({ method: 'POST', path: '/merchant/order/orderCount' }, { quiet: true });

export const orderCountQuery = () => queryOptions({ queryKey: orderKeys.counts(), queryFn: getOrderCount });

export const useOrderCount = () => useQuery(orderCountQuery());
