import type { overviewRoutes } from '@dropdesk/contract/overview';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { queueKeys } from '../../../lib/query-keys';

type R = typeof overviewRoutes.queues;
export type QueueSummaries = DataOf<R>;
export type PresetReason = QueueSummaries['reasons']['recharge'][number];

/** Each queue's size and oldest item, and the preset rejection reasons in the operator's language. */
export const getQueueSummary = () => call<R>({ method: 'GET', path: '/admin/queues' });
export const useQueueSummary = () =>
  useQuery({ queryKey: [...queueKeys.all, 'summary'], queryFn: getQueueSummary, staleTime: 60_000 });
