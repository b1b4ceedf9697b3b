import type { adminChainRoutes } from '@dropdesk/contract/chain';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { chainKeys } from '../../../lib/query-keys';

type R = typeof adminChainRoutes.networks;
export type ChainNetworkRow = DataOf<R>['list'][number];

/** The watcher's health moves on its own: the screen reads it again every 30 s. */
const HEALTH_REFRESH_MS = 30_000;

/** The watched networks, each with its settings and the watcher's health (reviewers and admins). */
export const getChainNetworks = () => call<R>({ method: 'GET', path: '/admin/chain/networks' });
export const chainNetworks = () =>
  queryOptions({ queryKey: chainKeys.networks(), queryFn: getChainNetworks });
export const useChainNetworks = () => useQuery({ ...chainNetworks(), refetchInterval: HEALTH_REFRESH_MS });
