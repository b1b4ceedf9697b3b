import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { queueKeys } from '../../../lib/query-keys';
import { QUEUE_LIMIT, QUEUE_REFRESH_MS } from './queue';

type R = typeof adminOrderRoutes.appeals;
export type AppealRow = DataOf<R>['list'][number];

export const getAppeals = (limit: number) =>
  call<R>(
    { method: 'GET', path: '/admin/refunds/appeals' },
    { query: { status: 'appealed', limit: String(limit) } },
  );

/** Refunds the buyer appealed, oldest first. */
export const appealQueue = () =>
  queryOptions({ queryKey: queueKeys.list('appeals', {}), queryFn: () => getAppeals(QUEUE_LIMIT) });
export const useAppealQueue = () => useQuery({ ...appealQueue(), refetchInterval: QUEUE_REFRESH_MS });
