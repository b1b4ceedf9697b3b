import type { orderRoutes } from '@dropdesk/contract/orders';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshOrders } from './refresh-orders';

type R = typeof orderRoutes.pick;

/**
 * POST order/pick: picks up one order awaiting pickup; its cost is debited from the wallet. A money
 * route, so it takes an Idempotency-Key: one per attempt, so a second tap or a retry after a lost
 * answer gets the first answer instead of a second debit.
 */
export const pickOrder = ({ body, idempotencyKey }: { body: BodyOf<R>; idempotencyKey: string }) =>
  // Quiet: the sheet shows a refusal (a short balance, a wrong password) above its button.
  call<R>({ method: 'POST', path: '/merchant/order/pick' }, { body, idempotencyKey, quiet: true });

export function usePickOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pickOrder, onSettled: () => refreshOrders(queryClient) });
}
