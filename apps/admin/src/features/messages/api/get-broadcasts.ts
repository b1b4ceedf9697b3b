import type { adminMessageRoutes } from '@dropdesk/contract/messages';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { messageKeys } from '../../../lib/query-keys';

type R = typeof adminMessageRoutes.broadcasts;
export type BroadcastRow = DataOf<R>['list'][number];

export const getBroadcasts = (query: { page: string; limit: string }) =>
  call<R>({ method: 'GET', path: '/admin/messages' }, { query });
export const useBroadcasts = (query: { page: string; limit: string }) =>
  useQuery({
    queryKey: messageKeys.broadcasts(query),
    queryFn: () => getBroadcasts(query),
    placeholderData: keepPreviousData,
  });
