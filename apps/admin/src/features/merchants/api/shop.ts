import type { BodyOf, DataOf } from '@dropdesk/contract/route';
import { adminShopRoutes } from '@dropdesk/contract/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { merchantKeys } from '../../../lib/query-keys';

type S = typeof adminShopRoutes;
export type AdminShop = DataOf<S['shop']>;

/** The shop as operators see it: status, face, closures (newest first). */
export const getShop = (merchantId: number) =>
  call<S['shop']>({ method: 'GET', path: '/admin/shop' }, { query: { merchant_id: String(merchantId) } });
export const useShop = (merchantId: number) =>
  useQuery({ queryKey: merchantKeys.tab(merchantId, 'shop', {}), queryFn: () => getShop(merchantId) });

export const closeShop = (body: BodyOf<S['close']>) =>
  call<S['close']>({ method: 'POST', path: '/admin/shop/close' }, { body });
export const reopenShop = (body: BodyOf<S['reopen']>) =>
  call<S['reopen']>({ method: 'POST', path: '/admin/shop/reopen' }, { body });
export const closeShopSchema = adminShopRoutes.close.body;
export const reopenShopSchema = adminShopRoutes.reopen.body;

/** Closing or reopening refreshes the merchant's page and the merchant lists. */
function useShopChange<B>(fn: (b: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
export const useCloseShop = () => useShopChange(closeShop);
export const useReopenShop = () => useShopChange(reopenShop);
