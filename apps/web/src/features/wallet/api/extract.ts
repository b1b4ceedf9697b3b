import type { BodyOf } from '@dropdesk/contract/route';
import type { walletRoutes } from '@dropdesk/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshBalances } from '../../../lib/refresh-balances';

type R = typeof walletRoutes.extract;

/** POST extract: withdraws; the amount is held until an operator pays it out or releases it. */
export const extract = ({ body, idempotencyKey }: { body: BodyOf<R>; idempotencyKey: string }) =>
  call<R>({ method: 'POST', path: '/merchant/merchant/extract' }, { body, idempotencyKey, quiet: true });

/** The balance moved: every screen that shows it is refreshed. */
export function useExtract() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: extract, onSuccess: () => refreshBalances(queryClient) });
}
