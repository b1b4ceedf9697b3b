import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import type { BodyOf, DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withAttempt } from '../../../lib/attempt';
import { call } from '../../../lib/http';
import { merchantKeys, overviewKeys } from '../../../lib/query-keys';

type M = typeof merchantAdminRoutes;
export type AdjustmentRow = DataOf<M['adjustments']>['list'][number];
type Filters = { page: string; limit: string; status?: string; merchant_id?: string };

/**
 * Balance adjustments (four eyes): one admin proposes, another approves before the journal posts.
 * Money rows: each attempt carries its Idempotency-Key (lib/attempt.ts).
 */
export const getAdjustments = (q: Filters) =>
  call<M['adjustments']>({ method: 'GET', path: '/admin/adjustments' }, { query: q as never });
export const useAdjustments = (q: Filters, enabled = true) =>
  useQuery({
    queryKey: merchantKeys.adjustments(q),
    queryFn: () => getAdjustments(q),
    placeholderData: keepPreviousData,
    enabled,
  });

export const proposeAdjustmentSchema = merchantAdminRoutes.proposeAdjustment.body;
export const proposeAdjustment = (body: BodyOf<M['proposeAdjustment']>) =>
  withAttempt(`adjustment-propose-${body.merchant_id}`, (idempotencyKey) =>
    call<M['proposeAdjustment']>(
      { method: 'POST', path: '/admin/adjustments/propose' },
      { body, idempotencyKey },
    ),
  );
export const approveAdjustment = (id: number) =>
  withAttempt(`adjustment-approve-${id}`, (idempotencyKey) =>
    call<M['approveAdjustment']>(
      { method: 'POST', path: '/admin/adjustments/approve' },
      { body: { id }, idempotencyKey },
    ),
  );
export const rejectAdjustment = (body: BodyOf<M['rejectAdjustment']>) =>
  withAttempt(`adjustment-reject-${body.id}`, (idempotencyKey) =>
    call<M['rejectAdjustment']>(
      { method: 'POST', path: '/admin/adjustments/reject' },
      { body, idempotencyKey },
    ),
  );

/** Any adjustment decision refreshes the merchants (balances), the adjustments and the overview. */
export function useAdjustmentAction<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
      void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
    },
  });
}
