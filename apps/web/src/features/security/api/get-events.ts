import type { DataOf } from '@dropdesk/contract/route';
import type { securityRoutes } from '@dropdesk/contract/security';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { securityKeys } from '../../../lib/query-keys';

type R = typeof securityRoutes.events;
export type SecurityEvent = DataOf<R>['list'][number];

/** Events per page of the security history. */
export const EVENTS_PAGE_SIZE = 20;

/** GET security/events: the account's security history, newest first. */
export const getEvents = (page: number) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/security/events' },
    { query: { page: String(page), limit: String(EVENTS_PAGE_SIZE) }, quiet: true },
  );

export const eventsQuery = () =>
  infiniteQueryOptions({
    queryKey: securityKeys.events(),
    queryFn: ({ pageParam }) => getEvents(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useSecurityEvents = () => useInfiniteQuery(eventsQuery());
