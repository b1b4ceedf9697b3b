import type { ORDER_STATUS, orderRoutes } from '@dropdesk/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type R = typeof orderRoutes.list;

/**
 * ORDER_STATUS.awaiting_pickup, checked against the contract by type only: the tab bar loads this
 * file on every tab screen, and a value import of the contract's orders module would bring zod.
 */
const AWAITING_PICKUP: (typeof ORDER_STATUS)['awaiting_pickup'] = 5;

/**
 * The specification's order total, fetched after login: the orders awaiting pickup (status 5),
 * page 1, limit 10; its `total` is the Order tab's badge.
 */
export const ORDER_BADGE_QUERY = {
  status: String(AWAITING_PICKUP),
  page: '1',
  limit: '10',
} as const;

/** GET order/list?status=5&page=1&limit=10 → `total`, kept in the session too (persisted). */
export const getOrderBadge = async (): Promise<number> => {
  // Quiet: a badge that fails to load stays as it was; it is no reason to interrupt the merchant.
  const { total } = await call<R>(
    { method: 'GET', path: '/merchant/order/list' },
    { query: ORDER_BADGE_QUERY, quiet: true },
  );
  // The session keeps it so the badge shows at once on the next start, before this call answers.
  useSession.getState().setOrderTotal(total);
  return total;
};

export const orderBadgeQuery = () => queryOptions({ queryKey: orderKeys.badge(), queryFn: getOrderBadge });

/** The tab bar asks for the count; it reads it from the session (useSession's `orderTotal`). */
export const useOrderBadge = () => useQuery(orderBadgeQuery());
