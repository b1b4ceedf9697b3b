import type { orderRoutes } from '@dropdesk/contract/orders';
import type { BodyOf, DataOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshOrders } from './refresh-orders';

type R = typeof orderRoutes.pickBatch;
export type PickBatchResult = DataOf<R>;

/**
 * POST order/pick_batch: picks up the orders in the order given, each its own debit, until the
 * balance runs out; answers each order's result. Idempotent like a single pickup.
 */
export const pickBatch = ({ body, idempotencyKey }: { body: BodyOf<R>; idempotencyKey: string }) =>
  // Quiet: the sheet shows a refusal of the whole call (a wrong password) above its button.
  call<R>({ method: 'POST', path: '/merchant/order/pick_batch' }, { body, idempotencyKey, quiet: true });

export function usePickBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pickBatch, onSettled: () => refreshOrders(queryClient) });
}
