import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.addAllHot;

/** POST product/addAllHot: one-click distribution of the hot products, best-selling first, up to the quota. */
export const addAllHot = () => call<R>({ method: 'POST', path: '/merchant/product/addAllHot' }, { body: {} });

export function useAddAllHot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAllHot,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
