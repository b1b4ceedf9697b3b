import type { adminChainRoutes } from '@dropdesk/contract/chain';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { chainKeys } from '../../../lib/query-keys';

type R = typeof adminChainRoutes.networks;
export type WatchedNetwork = DataOf<R>['list'][number];

/**
 * The chain watcher's health per network (the same answer and key as the chain deposits screen's
 * networks, so either screen's reading serves the other), read again with the overview's figures.
 * Asked only on behalf of the roles the row admits (the overview draws the cards for them alone).
 */
export const getChainWatch = () => call<R>({ method: 'GET', path: '/admin/chain/networks' });
export const useChainWatch = () =>
  useQuery({ queryKey: chainKeys.networks(), queryFn: getChainWatch, refetchInterval: 60_000 });
