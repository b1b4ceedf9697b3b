import { ORDER_BADGE_QUERY } from '@dropdesk/contract/constants';
import type { orderRoutes } from '@dropdesk/contract/orders';
import * as orderPaths from '@dropdesk/contract/paths/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type R = typeof orderRoutes.list;

/**
 * The specification's order total, fetched after login: the orders awaiting pickup (status 5),
 * page 1, limit 10; its `total` is the Order tab's badge. The query and the path are the contract's
 * (constants and the zod-free path rows: the tab bar loads this file on every tab screen, and the
 * contract's orders module would bring zod), the same the /home page asks with (src/home/api.ts).
 */
/** The contract's badge query as a query string carries it (its values are strings). */
const BADGE_QUERY = Object.fromEntries(Object.entries(ORDER_BADGE_QUERY).map(([k, v]) => [k, String(v)])) as {
  [K in keyof typeof ORDER_BADGE_QUERY]: string;
};

/** GET order/list?status=5&page=1&limit=10 → `total`, kept in the session too (persisted). */
export const getOrderBadge = async (): Promise<number> => {
  // Quiet: a badge that fails to load stays as it was; it is no reason to interrupt the merchant.
  const { total } = await call<R>(orderPaths.list, { query: BADGE_QUERY, quiet: true });
  // The session keeps it so the badge shows at once on the next start, before this call answers.
  useSession.getState().setOrderTotal(total);
  return total;
};

export const orderBadgeQuery = () => queryOptions({ queryKey: orderKeys.badge(), queryFn: getOrderBadge });

/** The tab bar asks for the count; it reads it from the session (useSession's `orderTotal`). */
export const useOrderBadge = () => useQuery(orderBadgeQuery());
