import { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshOrders } from './ship-order';

type R = typeof adminOrderRoutes.progress;

/** The next shipping step: in transit (2 → 6) or reached (6 → 7), with a note. */
export const progressOrder = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/admin/orders/progress' }, { body });
export const progressSchema = adminOrderRoutes.progress.body;

export const useProgressOrder = () => {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: progressOrder, onSettled: refresh });
};
