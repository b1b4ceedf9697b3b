import { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof adminOrderRoutes.ship;

/** Marks a picked-up order shipped (1 → 2) with its carrier and tracking number. */
export const shipOrder = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/admin/orders/ship' }, { body });
export const shipSchema = adminOrderRoutes.ship.body;

export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

export const useShipOrder = () => {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: shipOrder, onSettled: refresh });
};
