import type { DataOf } from '@dropdesk/contract/route';
import type { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { queueKeys } from '../../../lib/query-keys';
import { QUEUE_LIMIT, QUEUE_REFRESH_MS } from './queue';

type R = typeof adminWalletRoutes.withdrawals;
export type WithdrawalRow = DataOf<R>['list'][number];

export const getWithdrawals = (query: { limit: number; status?: 'pending'; merchant_id?: number }) =>
  call<R>(
    { method: 'GET', path: '/admin/withdrawals' },
    {
      query: {
        limit: String(query.limit),
        status: query.status,
        merchant_id: query.merchant_id === undefined ? undefined : String(query.merchant_id),
      },
    },
  );

/** Pending withdrawals, soonest due first (the late ones lead), with their full destination. */
export const withdrawalQueue = () =>
  queryOptions({
    queryKey: queueKeys.list('withdrawals', {}),
    queryFn: () => getWithdrawals({ status: 'pending', limit: QUEUE_LIMIT }),
  });
export const useWithdrawalQueue = () => useQuery({ ...withdrawalQueue(), refetchInterval: QUEUE_REFRESH_MS });

/** A merchant's last withdrawals, every status. */
export const useWithdrawalHistory = (merchantId: number | undefined) =>
  useQuery({
    queryKey: queueKeys.history('withdrawals', merchantId ?? 0),
    queryFn: () => getWithdrawals({ merchant_id: merchantId, limit: 10 }),
    enabled: merchantId !== undefined,
  });
