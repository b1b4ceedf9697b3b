import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { accountKeys, reportsKeys } from '../../../lib/query-keys';

type R = typeof accountRoutes.setTimeZone;

/** POST setTimeZone: the merchant's IANA zone, in which the finance report cuts its days. */
export const setTimeZone = (body: BodyOf<R>) =>
  // Quiet: the picker says a refusal where it was made.
  call<R>({ method: 'POST', path: '/merchant/merchant/setTimeZone' }, { body, quiet: true });

export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    // The zone shows in personal info (getMerInfo), and the report's days move with it.
    onSuccess: () =>
      Promise.all(
        [accountKeys.merInfo(), reportsKeys.financialReports()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
