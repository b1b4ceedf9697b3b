import type { BodyOf } from '@dropdesk/contract/route';
import type { walletRoutes } from '@dropdesk/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshBalances } from '../../../lib/refresh-balances';

type R = typeof walletRoutes.recharge;

/** POST recharge: asks for a top-up, pending until an operator approves it. */
export const recharge = ({ body, idempotencyKey }: { body: BodyOf<R>; idempotencyKey: string }) =>
  // Quiet: the form shows refusals at their fields (or in one toast when no field is named).
  call<R>({ method: 'POST', path: '/merchant/merchant/recharge' }, { body, idempotencyKey, quiet: true });

export function useRecharge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recharge, onSuccess: () => refreshBalances(queryClient) });
}
