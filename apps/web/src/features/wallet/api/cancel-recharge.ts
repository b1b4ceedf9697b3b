import type { walletRoutes } from '@dropdesk/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshBalances } from '../../../lib/refresh-balances';

type R = typeof walletRoutes.rechargeCancel;

/** POST recharge_cancel: cancels a pending top-up. A refusal (already resolved) shows as a toast. */
export const cancelRecharge = (id: number) =>
  call<R>({ method: 'POST', path: '/merchant/merchant/recharge_cancel' }, { body: { id } });

export function useCancelRecharge() {
  const queryClient = useQueryClient();
  // Refreshed after a refusal too: an operator may have resolved it meanwhile.
  return useMutation({ mutationFn: cancelRecharge, onSettled: () => refreshBalances(queryClient) });
}
