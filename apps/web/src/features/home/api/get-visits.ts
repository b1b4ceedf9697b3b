import type { dashboardRoutes } from '@dropdesk/contract/dashboard';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

type R = typeof dashboardRoutes.visits;
export type Visits = DataOf<R>;

/** GET index/visits: distinct visitors per day over the last `days` (today included), newest first. */
export const getVisits = (days: number) =>
  call<R>({ method: 'GET', path: '/merchant/index/visits' }, { query: { days: String(days) }, quiet: true });

export const visitsQuery = (days: number) =>
  queryOptions({
    queryKey: dashboardKeys.visits(days),
    queryFn: () => getVisits(days),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useVisits = (days: number) => useQuery(visitsQuery(days));
