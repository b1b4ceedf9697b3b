import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.del;

/** POST product/del: removes listings from the shop (their orders stay); all of them or none. */
export const removeListings = (ids: number[]) =>
  call<R>({ method: 'POST', path: '/merchant/product/del' }, { body: { ids } });

export function useRemoveListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
