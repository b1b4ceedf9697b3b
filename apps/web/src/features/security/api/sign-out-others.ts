import type { securityRoutes } from '@dropdesk/contract/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { securityKeys } from '../../../lib/query-keys';

type R = typeof securityRoutes.signOutOthers;

/** POST security/sessions/sign_out_others: ends every session of the merchant but this one. */
export const signOutOthers = () =>
  call<R>({ method: 'POST', path: '/merchant/security/sessions/sign_out_others' }, { body: {} });

/** Signs the other sessions out; the sessions and the history refresh whatever the answer. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
