import type { MerInfo } from '@dropdesk/contract/account';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http';
import { accountKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * After a save: the answer (the shop as now stored) goes into the session's merchant info and the
 * getMerInfo query at once, and the query is refetched, so /my, Home and these screens show it.
 */
export async function showSavedShop(queryClient: QueryClient, shop: MerInfo['shop']): Promise<void> {
  const session = useSession.getState();
  if (session.merinfo) session.setMerInfo({ ...session.merinfo, shop });
  queryClient.setQueryData<MerInfo>(accountKeys.merInfo(), (old) => (old ? { ...old, shop } : old));
  await queryClient.invalidateQueries({ queryKey: accountKeys.merInfo() });
}

/** A save refused because the shop was closed meanwhile: reload the merchant info, so the screen says so. */
export function onClosedMeanwhile(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.key === 'SHOP_CLOSED')
    void queryClient.invalidateQueries({ queryKey: accountKeys.merInfo() });
}
