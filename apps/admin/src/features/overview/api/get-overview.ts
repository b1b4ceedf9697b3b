import type { overviewRoutes } from '@dropdesk/contract/overview';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { overviewKeys } from '../../../lib/query-keys';

type R = typeof overviewRoutes.overview;
export type Overview = DataOf<R>;

/** The browser's zone cuts "today" and "this month" (the operator's day). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const getOverview = () =>
  call<R>({ method: 'GET', path: '/admin/overview' }, { query: { tz: timeZone() } });
export const useOverview = () =>
  useQuery({ queryKey: overviewKeys.overview(), queryFn: getOverview, refetchInterval: 60_000 });
