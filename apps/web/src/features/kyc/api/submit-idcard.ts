import type { kycRoutes } from '@dropdesk/contract/kyc';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { accountKeys, kycKeys, walletKeys } from '../../../lib/query-keys';

type R = typeof kycRoutes.submitIdcard;

/** POST idcard: submits the identity for review. */
export const submitIdcard = (body: BodyOf<R>) =>
  // Quiet: the form shows refusals at their fields (or in one toast when no field is named).
  call<R>({ method: 'POST', path: '/merchant/merchant/idcard' }, { body, quiet: true });

export function useSubmitIdcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitIdcard,
    // The state shows here, on /my (getMerInfo's kyc_status) and on the withdrawal screen.
    onSuccess: () =>
      Promise.all(
        [kycKeys.all, accountKeys.merInfo(), walletKeys.extractInfo()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
