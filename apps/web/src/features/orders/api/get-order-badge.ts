import { ORDER_BADGE_QUERY } from '@dropdesk/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from '../../../lib/http';
import { useSession } from '../../../lib/session';

export const orderBadgeKey = (token: string | null) => ['orders', 'badge', token] as const;

/** GET /merchant/order/list?status=5&page=1&limit=10 → data.total: the orders awaiting pickup. */
export async function getOrderBadge(): Promise<number> {
  // Quiet: the order list arrives with the orders issue; until then its absence says nothing to the user.
  const data = await request<{ total?: unknown }>('GET', '/merchant/order/list', {
    query: { ...ORDER_BADGE_QUERY },
    quiet: true,
  });
  return typeof data?.total === 'number' ? data.total : 0;
}

/** Fetched after each login (the token is in the key) and kept in the session as the Order tab's badge. */
export function useOrderBadge(): number {
  const token = useSession((s) => s.token);
  const setOrderTotal = useSession((s) => s.setOrderTotal);
  const stored = useSession((s) => s.orderTotal);
  const query = useQuery({
    queryKey: orderBadgeKey(token),
    queryFn: getOrderBadge,
    enabled: Boolean(token),
    retry: false,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.data !== undefined) setOrderTotal(query.data);
  }, [query.data, setOrderTotal]);
  return query.data ?? stored;
}
