import type { MessageType, messageRoutes } from '@dropdesk/contract/messages';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { messageKeys } from '../../../lib/query-keys';

type R = typeof messageRoutes.notice;
export type MessagePage = DataOf<R>;
export type Message = MessagePage['list'][number];

/** Messages per page. */
export const MESSAGES_PAGE_SIZE = 20;

export interface MessageFilters {
  type: MessageType;
  /** all, unread only (`0`), read only (`1`). */
  is_see: 'all' | '0' | '1';
}

/** GET index/notice: one tab's messages, newest first, with the unread counts of both tabs. */
export const getMessages = (page: number, filters: MessageFilters, limit = MESSAGES_PAGE_SIZE) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/index/notice' },
    {
      query: { type: filters.type, is_see: filters.is_see, page: String(page), limit: String(limit) },
      quiet: true,
    },
  );

export const messagesQuery = (filters: MessageFilters) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(filters),
    queryFn: ({ pageParam }) => getMessages(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

/** `enabled: false` waits (the screen does, until it knows which tab to open). */
export const useMessages = (filters: MessageFilters, { enabled = true } = {}) =>
  useInfiniteQuery({ ...messagesQuery(filters), enabled });
