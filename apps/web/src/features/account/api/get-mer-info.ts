import type { accountRoutes } from '@dropdesk/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/http';
import { accountKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type GetMerInfo = typeof accountRoutes.getMerInfo;

export const getMerInfo = () => call<GetMerInfo>({ method: 'GET', path: '/merchant/merchant/getMerInfo' });

export const merInfoQuery = () => queryOptions({ queryKey: accountKeys.merInfo(), queryFn: getMerInfo });

/** The merchant and shop, fresh from getMerInfo, kept in the persisted session for the next visit. */
export function useMerInfo() {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.merinfo);
  const setMerInfo = useSession((s) => s.setMerInfo);
  const query = useQuery({ ...merInfoQuery(), enabled: Boolean(token) });
  useEffect(() => {
    if (query.data) setMerInfo(query.data);
  }, [query.data, setMerInfo]);
  return { merinfo: query.data ?? stored, query };
}
