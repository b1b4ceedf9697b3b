import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.addAll;

/** POST product/addAll: lists everything the category or search matches, newest first, up to the quota. */
export const addAll = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/merchant/product/addAll' }, { body });

export function useAddAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
