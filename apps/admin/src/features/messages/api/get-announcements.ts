import type { adminMessageRoutes } from '@dropdesk/contract/messages';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { messageKeys } from '../../../lib/query-keys';

type R = typeof adminMessageRoutes.announcements;
export type AnnouncementRow = DataOf<R>['list'][number];

export const getAnnouncements = (query: { page: string; limit: string }) =>
  call<R>({ method: 'GET', path: '/admin/announcements' }, { query });
export const useAnnouncements = (query: { page: string; limit: string }) =>
  useQuery({
    queryKey: messageKeys.announcements(query),
    queryFn: () => getAnnouncements(query),
    placeholderData: keepPreviousData,
  });
