import type { adminChainRoutes } from '@dropdesk/contract/chain';
import type { DataOf, QueryOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { chainKeys } from '../../../lib/query-keys';

type R = typeof adminChainRoutes.alerts;
export type ChainAlertRow = DataOf<R>['list'][number];
export type ChainAlertFilters = NonNullable<QueryOf<R>>;

/** The watcher's alerts, open first (`open`: 1 only the open ones, 0 only the resolved). */
export const getChainAlerts = (query: ChainAlertFilters) =>
  call<R>({ method: 'GET', path: '/admin/chain/alerts' }, { query });
export const useChainAlerts = (query: ChainAlertFilters) =>
  useQuery({
    queryKey: chainKeys.alerts(query),
    queryFn: () => getChainAlerts(query),
    placeholderData: keepPreviousData,
  });
