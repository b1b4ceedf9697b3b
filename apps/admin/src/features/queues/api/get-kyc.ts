import type { adminKycRoutes } from '@dropdesk/contract/kyc';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { queueKeys } from '../../../lib/query-keys';
import { QUEUE_LIMIT, QUEUE_REFRESH_MS } from './queue';

type R = typeof adminKycRoutes.list;
export type KycRow = DataOf<R>['list'][number];

export const getKyc = (limit: number) =>
  call<R>({ method: 'GET', path: '/admin/kyc' }, { query: { status: 'pending', limit: String(limit) } });

/** Pending identity submissions, oldest first. */
export const kycQueue = () =>
  queryOptions({ queryKey: queueKeys.list('kyc', {}), queryFn: () => getKyc(QUEUE_LIMIT) });
export const useKycQueue = () => useQuery({ ...kycQueue(), refetchInterval: QUEUE_REFRESH_MS });
