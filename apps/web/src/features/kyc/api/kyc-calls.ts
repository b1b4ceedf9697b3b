import type { kycRoutes } from '@dropdesk/contract/kyc';
import type { BodyOf, DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useSession } from '../../../lib/session';

type R = typeof kycRoutes;
export type KycInfo = DataOf<R['idcard']>;

export const kycApi = {
  idcard: () => call<R['idcard']>({ method: 'GET', path: '/merchant/merchant/idcard' }),
  submitIdcard: (body: BodyOf<R['submitIdcard']>) =>
    call<R['submitIdcard']>({ method: 'POST', path: '/merchant/merchant/idcard' }, { body }),
  bank: () => call<R['bank']>({ method: 'GET', path: '/merchant/merchant/bank' }),
  changeBank: (body: BodyOf<R['changeBank']>) =>
    call<R['changeBank']>({ method: 'POST', path: '/merchant/merchant/changeBank' }, { body, quiet: true }),
};

/** Query keys of this feature, keyed by session. */
export const kycKeys = {
  idcard: (token: string | null) => ['kyc', 'idcard', token] as const,
  bank: (token: string | null) => ['kyc', 'bank', token] as const,
  /** Every session's bank-card query (a prefix of `bank`). */
  allBank: ['kyc', 'bank'] as const,
};

export const useIdcard = () => {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: kycKeys.idcard(token), queryFn: kycApi.idcard });
};
export const useBank = () => {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: kycKeys.bank(token), queryFn: kycApi.bank });
};
