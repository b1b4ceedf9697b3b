import { adminMessageRoutes } from '@dropdesk/contract/messages';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { messageKeys } from '../../../lib/query-keys';

type R = typeof adminMessageRoutes.broadcast;

/** A system message to every merchant registered now, or to the merchants named. */
export const sendBroadcast = (body: BodyOf<R>) =>
  call<R>({ method: 'POST', path: '/admin/messages/send' }, { body });
export const broadcastSchema = adminMessageRoutes.broadcast.body;

export const useSendBroadcast = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
};
