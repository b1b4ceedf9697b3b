import type { securityRoutes } from '@dropdesk/contract/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { securityKeys } from '../../../lib/query-keys';

type R = typeof securityRoutes.signOutSession;

/**
 * POST security/sessions/sign_out: ends one of the merchant's other sessions. A refusal (the
 * session already ended: NOT_FOUND; this very session: SESSION_IS_CURRENT) is toasted in the
 * server's words by the client.
 */
export const signOutSession = (id: number) =>
  call<R>({ method: 'POST', path: '/merchant/security/sessions/sign_out' }, { body: { id } });

/** Signs a session out; the sessions and the history refresh whatever the answer. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
