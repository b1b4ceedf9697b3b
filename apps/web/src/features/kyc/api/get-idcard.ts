import type { kycRoutes } from '@dropdesk/contract/kyc';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { kycKeys } from '../../../lib/query-keys';

type R = typeof kycRoutes.idcard;
export type KycInfo = DataOf<R>;

/** GET idcard: the verification state, what was submitted, and the reason of a rejection. */
export const getIdcard = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/merchant/idcard' }, { quiet: true });

export const idcardQuery = () => queryOptions({ queryKey: kycKeys.idcard(), queryFn: getIdcard });

export const useIdcard = () => useQuery(idcardQuery());
