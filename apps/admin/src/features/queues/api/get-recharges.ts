import type { DataOf } from '@dropdesk/contract/route';
import type { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { queueKeys } from '../../../lib/query-keys';
import { QUEUE_LIMIT, QUEUE_REFRESH_MS } from './queue';

type R = typeof adminWalletRoutes.recharges;
export type RechargeRow = DataOf<R>['list'][number];

export const getRecharges = (query: { limit: number; status?: 'pending'; merchant_id?: number }) =>
  call<R>(
    { method: 'GET', path: '/admin/recharges' },
    {
      query: {
        limit: String(query.limit),
        status: query.status,
        merchant_id: query.merchant_id === undefined ? undefined : String(query.merchant_id),
      },
    },
  );

/** Pending top-ups, oldest first. */
export const rechargeQueue = () =>
  queryOptions({
    queryKey: queueKeys.list('recharges', {}),
    queryFn: () => getRecharges({ status: 'pending', limit: QUEUE_LIMIT }),
  });
export const useRechargeQueue = () => useQuery({ ...rechargeQueue(), refetchInterval: QUEUE_REFRESH_MS });

/** A merchant's last top-ups, every status: the reviewer's context. */
export const useRechargeHistory = (merchantId: number | undefined) =>
  useQuery({
    queryKey: queueKeys.history('recharges', merchantId ?? 0),
    queryFn: () => getRecharges({ merchant_id: merchantId, limit: 10 }),
    enabled: merchantId !== undefined,
  });
