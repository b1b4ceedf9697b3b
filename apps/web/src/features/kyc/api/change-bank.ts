import type { kycRoutes } from '@dropdesk/contract/kyc';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { kycKeys, walletKeys } from '../../../lib/query-keys';

type R = typeof kycRoutes.changeBank;

/** POST changeBank: saves the bank card withdrawals go to, confirmed with the payment password. */
export const changeBank = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/merchant/merchant/changeBank' }, { body, quiet: true });

export function useChangeBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBank,
    // The card shows here and on the withdrawal screen.
    onSuccess: () =>
      Promise.all(
        [kycKeys.bank(), walletKeys.extractInfo()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
