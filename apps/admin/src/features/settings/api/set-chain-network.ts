import { adminChainRoutes } from '@dropdesk/contract/chain';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { chainKeys } from '../../../lib/query-keys';

type R = typeof adminChainRoutes.setNetwork;

/** The contract's rule for a network's settings, checked before sending (lib/form.ts). */
export const chainNetworkSchema = adminChainRoutes.setNetwork.body;

/** Sets a watched network (admins): its node, token, confirmations, extended public key, first block. */
export const setChainNetwork = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/admin/chain/networks' }, { body });
export function useSetChainNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChainNetwork,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chainKeys.networks() }),
  });
}
