import type { MessageType, messageRoutes } from '@dropdesk/contract/messages';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { messageKeys } from '../../../lib/query-keys';

type R = typeof messageRoutes.noticeDetail;
export type MessageDetail = DataOf<R>;

/** GET index/notice_detail: one of the merchant's messages (another's is NOT_FOUND). */
export const getMessage = (type: MessageType, id: number) =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>(
    { method: 'GET', path: '/merchant/index/notice_detail' },
    { query: { type, id: String(id) }, quiet: true },
  );

export const messageQuery = (type: MessageType, id: number) =>
  queryOptions({ queryKey: messageKeys.detail(type, id), queryFn: () => getMessage(type, id) });

export const useMessage = (type: MessageType, id: number) => useQuery(messageQuery(type, id));
