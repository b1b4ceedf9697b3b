import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.setSwitch;

/** POST product/setSwitch: listings on shelf (selling) or off shelf (warehouse); all of them or none. */
export const setSwitch = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/merchant/product/setSwitch' }, { body });

export function useSetSwitch() {
  const queryClient = useQueryClient();
  // Refreshed after a refusal too: another device may have changed the shop meanwhile.
  return useMutation({
    mutationFn: setSwitch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
