import type { adminRoutes } from '@dropdesk/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/http';
import { operatorKeys } from '../../../lib/query-keys';
import { session } from '../../../lib/session';

type R = typeof adminRoutes.me;

/** Who is signed in, read again on each start: a role an admin changed shows in the menu at once. */
export const getMe = () => call<R>({ method: 'GET', path: '/admin/me' });

export function useMe() {
  const me = useQuery({ queryKey: operatorKeys.me(), queryFn: getMe, staleTime: 5 * 60_000 });
  useEffect(() => {
    if (me.data) session.setOperator(me.data.operator, me.data.idle_minutes, me.data.currency);
  }, [me.data]);
  return me;
}
