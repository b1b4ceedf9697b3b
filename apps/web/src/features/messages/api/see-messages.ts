import type { messageRoutes } from '@dropdesk/contract/messages';
import type { BodyOf } from '@dropdesk/contract/route';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { messageKeys } from '../../../lib/query-keys';
import type { MessageDetail } from './get-message';

type R = typeof messageRoutes.seeNotice;

interface Input {
  body: BodyOf<R>;
  /** Opening a message marks it read in the background: a failure then says nothing. */
  quiet?: boolean;
}

/**
 * POST index/see_notice: marks messages of one tab read, by ids or all. Ids that are not the
 * merchant's change nothing; the answer carries the unread counts after.
 */
export const seeMessages = ({ body, quiet = false }: Input) =>
  call<R>({ method: 'POST', path: '/merchant/index/see_notice' }, { body, quiet });

/** After marking: the counts the answer carries, the messages marked, and every list again. */
async function settle(queryClient: QueryClient, input: Input, unread: { system: number; notice: number }) {
  queryClient.setQueryData(messageKeys.unread(), unread);
  const { type } = input.body;
  const ids = input.body.ids;
  for (const id of ids ?? []) {
    queryClient.setQueryData<MessageDetail>(messageKeys.detail(type, id), (m) =>
      m ? { ...m, read: true } : m,
    );
  }
  await queryClient.invalidateQueries({
    queryKey: messageKeys.all,
    predicate: (q) => q.queryKey[1] === 'messages',
  });
}

export function useSeeMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seeMessages,
    onSuccess: (data, input) => settle(queryClient, input, data.unread),
  });
}
