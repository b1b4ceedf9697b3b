import type { BodyOf } from '@dropdesk/contract/route';
import type { shopRoutes } from '@dropdesk/contract/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { onClosedMeanwhile, showSavedShop } from './refresh-shop';

type R = typeof shopRoutes.storeBanner;

/** POST merchant/store_banner: each banner a new upload, null to remove it, or left out to keep it. */
export const saveBanners = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/merchant/merchant/store_banner' }, { body, quiet: true });

export function useSaveBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanners,
    onSuccess: (shop) => showSavedShop(queryClient, shop),
    onError: (error) => onClosedMeanwhile(queryClient, error),
  });
}
