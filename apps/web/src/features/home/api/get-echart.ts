import type { dashboardRoutes, EchartRange } from '@dropdesk/contract/dashboard';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

type R = typeof dashboardRoutes.echart;
export type Echart = DataOf<R>;
export type EchartPoint = Echart['series'][number];

/** GET index/echart: orders, sales and visitors per hour of today, or per day of the last 7 or 30. */
export const getEchart = (range: EchartRange) =>
  call<R>({ method: 'GET', path: '/merchant/index/echart' }, { query: { range }, quiet: true });

export const echartQuery = (range: EchartRange) =>
  queryOptions({
    queryKey: dashboardKeys.echart(range),
    queryFn: () => getEchart(range),
    staleTime: 60_000,
    gcTime: 60 * 60_000,
    // The previous range stays drawn while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useEchart = (range: EchartRange) => useQuery(echartQuery(range));
