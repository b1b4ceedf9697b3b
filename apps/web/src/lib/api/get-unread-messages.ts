import type { messageRoutes } from '@dropdesk/contract/messages';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../http';
import { messageKeys } from '../query-keys';

type R = typeof messageRoutes.unread;
export type UnreadMessages = DataOf<R>;

/**
 * GET index/notice_unread: unread system messages and notices. Two features read it (My's Messages
 * entry and the messages screens' tabs), so it lives here; the messages feature writes the counts
 * every list page and mark-read answer carries into the same key. Imports the contract by type only.
 * Quiet: a badge that fails to load is no reason to interrupt the merchant.
 */
export const getUnreadMessages = () =>
  call<R>({ method: 'GET', path: '/merchant/index/notice_unread' }, { quiet: true });

export const unreadMessagesQuery = () =>
  queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnreadMessages });

export const useUnreadMessages = () => useQuery(unreadMessagesQuery());

/** Both counts together: what My's Messages entry shows. */
export const totalUnread = (unread: UnreadMessages | undefined): number =>
  unread ? unread.system + unread.notice : 0;
