import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.add;

/**
 * POST product/add: lists the chosen catalogue products, within the quota; the answer says how many
 * were added and how many skipped, and why. A refusal shows as the call's toast.
 */
export const addProducts = (productIds: number[]) =>
  call<R>({ method: 'POST', path: '/merchant/product/add' }, { body: { product_ids: productIds } });

export function useAddProducts() {
  const queryClient = useQueryClient();
  // The listed markers, the listings and the quota changed (also after a refusal: a part may have).
  return useMutation({
    mutationFn: addProducts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
