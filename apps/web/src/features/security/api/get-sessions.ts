import type { DataOf } from '@dropdesk/contract/route';
import type { securityRoutes } from '@dropdesk/contract/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { securityKeys } from '../../../lib/query-keys';

type R = typeof securityRoutes.sessions;
export type Session = DataOf<R>['list'][number];

/** GET security/sessions: the live sessions, the current one first, then by last use. */
export const getSessions = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/security/sessions' }, { quiet: true });

export const sessionsQuery = () => queryOptions({ queryKey: securityKeys.sessions(), queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery());
