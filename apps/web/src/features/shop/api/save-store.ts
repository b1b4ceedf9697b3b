import type { BodyOf } from '@dropdesk/contract/route';
import type { shopRoutes } from '@dropdesk/contract/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { onClosedMeanwhile, showSavedShop } from './refresh-shop';

type R = typeof shopRoutes.store;

/** POST merchant/store: the basic info or the social links (a field left out keeps its value). */
export const saveStore = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/merchant/merchant/store' }, { body, quiet: true });

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStore,
    onSuccess: (shop) => showSavedShop(queryClient, shop),
    onError: (error) => onClosedMeanwhile(queryClient, error),
  });
}
