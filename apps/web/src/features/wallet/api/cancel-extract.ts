import type { walletRoutes } from '@dropdesk/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshBalances } from '../../../lib/refresh-balances';

type R = typeof walletRoutes.extractCancel;

/**
 * POST extract_cancel: cancels a pending withdrawal; the held amount returns to the balance.
 * A money route, so it takes an Idempotency-Key: one per record, so a repeated tap (or a retry
 * after a lost answer) gets the first answer instead of a second cancel.
 */
export const cancelExtract = (id: number) =>
  call<R>(
    { method: 'POST', path: '/merchant/merchant/extract_cancel' },
    { body: { id }, idempotencyKey: `extract-cancel-${id}` },
  );

export function useCancelExtract() {
  const queryClient = useQueryClient();
  // Refreshed after a refusal too: an operator may have resolved it meanwhile.
  return useMutation({ mutationFn: cancelExtract, onSettled: () => refreshBalances(queryClient) });
}
