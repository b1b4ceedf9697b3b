import type { accountRoutes, MerInfo } from '@dropdesk/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/http';
import { accountKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type R = typeof accountRoutes.getMerInfo;

/**
 * GET getMerInfo, quiet (the screens show its states): the shop as saved, and whether it is closed.
 * Its key is the merchant info's own, so what this loads is what /my and Home show, and a save
 * refreshes them all.
 */
export const getShop = () =>
  call<R>({ method: 'GET', path: '/merchant/merchant/getMerInfo' }, { quiet: true });

export const shopQuery = () => queryOptions({ queryKey: accountKeys.merInfo(), queryFn: getShop });

/** The merchant and shop, fresh on each screen, kept in the session (where Home reads `status`). */
export function useShop() {
  const setMerInfo = useSession((s) => s.setMerInfo);
  const query = useQuery(shopQuery());
  useEffect(() => {
    if (query.data) setMerInfo(query.data);
  }, [query.data, setMerInfo]);
  return query;
}

export type Shop = MerInfo['shop'];
