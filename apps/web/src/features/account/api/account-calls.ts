import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';

type R = typeof accountRoutes;

export const accountApi = {
  getMerInfo: () => call<R['getMerInfo']>({ method: 'GET', path: '/merchant/merchant/getMerInfo' }),
  logout: () => call<R['logout']>({ method: 'POST', path: '/merchant/merchant/logout' }, { quiet: true }),
  changePassword: (body: BodyOf<R['resetPwd']>) =>
    call<R['resetPwd']>(
      { method: 'POST', path: '/merchant/merchant/resetpwd' },
      { body, successToast: true },
    ),
  setPayPassword: (body: BodyOf<R['setPayPwd']>) =>
    call<R['setPayPwd']>(
      { method: 'POST', path: '/merchant/merchant/setPaypwd' },
      { body, successToast: true },
    ),
  resetPayPassword: (body: BodyOf<R['resetPay']>) =>
    call<R['resetPay']>(
      { method: 'POST', path: '/merchant/merchant/resetPay' },
      { body, successToast: true },
    ),
};

export const merInfoKey = (token: string | null) => ['account', 'merinfo', token] as const;

/** The merchant and shop, fresh from getMerInfo, kept in the persisted session for the next visit. */
export function useMerInfo() {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.merinfo);
  const setMerInfo = useSession((s) => s.setMerInfo);
  const query = useQuery({
    queryKey: merInfoKey(token),
    queryFn: accountApi.getMerInfo,
    enabled: Boolean(token),
  });
  useEffect(() => {
    if (query.data) setMerInfo(query.data);
  }, [query.data, setMerInfo]);
  return { merinfo: query.data ?? stored, query };
}
