import type { accountRoutes } from '@dropdesk/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/http';
import { accountKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type R = typeof accountRoutes.getMerInfo;

/**
 * GET getMerInfo, quiet (without it Home keeps the session's copy): whether the shop is closed as
 * the server says now. The session's copy is the one of the last login or visit to /my, and an
 * operator may have closed or reopened the shop since (reopening keeps the session). Same key as
 * /my's and the shop settings' merchant info, so one answer serves all of them.
 */
export const getMerInfo = () =>
  call<R>({ method: 'GET', path: '/merchant/merchant/getMerInfo' }, { quiet: true });

export const merInfoQuery = () => queryOptions({ queryKey: accountKeys.merInfo(), queryFn: getMerInfo });

/** The merchant info, fresh on Home, written into the session (which the rest of the app reads). */
export function useMerInfo() {
  const stored = useSession((s) => s.merinfo);
  const setMerInfo = useSession((s) => s.setMerInfo);
  const query = useQuery(merInfoQuery());
  useEffect(() => {
    if (query.data) setMerInfo(query.data);
  }, [query.data, setMerInfo]);
  return query.data ?? stored;
}
