import { adminChainRoutes } from '@dropdesk/contract/chain';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { chainKeys } from '../../../lib/query-keys';

type R = typeof adminChainRoutes.resolveAlert;

export const resolveAlertSchema = adminChainRoutes.resolveAlert.body;

/** Closes an alert with what was done about it (admins). */
export const resolveChainAlert = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/admin/chain/alerts/resolve' }, { body });

/**
 * Resolved, or refused because another admin resolved it first (ALREADY_RESOLVED): either way the
 * alerts and the networks' counts of open alerts (the overview's too) are read again.
 */
export function useResolveChainAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveChainAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainKeys.all }),
  });
}
