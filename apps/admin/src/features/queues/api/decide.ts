import type { adminKycRoutes } from '@dropdesk/contract/kyc';
import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { BodyOf } from '@dropdesk/contract/route';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withAttempt } from '../../../lib/attempt';
import { call } from '../../../lib/http';
import { overviewKeys, queueKeys } from '../../../lib/query-keys';

type W = typeof adminWalletRoutes;

/**
 * The decisions of the four queues. Money decisions carry an Idempotency-Key per attempt
 * (lib/attempt.ts), so a retry after a lost answer replays the first answer instead of deciding
 * twice; the server's decide-once rule answers ALREADY_RESOLVED to the second of two operators.
 */
export const approveRecharge = (id: number) =>
  withAttempt(`recharge-approve-${id}`, (idempotencyKey) =>
    call<W['approveRecharge']>(
      { method: 'POST', path: '/admin/recharges/approve' },
      { body: { id }, idempotencyKey },
    ),
  );
/**
 * A rejection: typed words, or a preset's code as `/admin/queues` listed it (a string here; the
 * server checks it against its own list for the queue).
 */
export type Rejection = { id: number } & ({ reason: string } | { reason_code: string });

export const rejectRecharge = (rejection: Rejection) =>
  withAttempt(`recharge-reject-${rejection.id}`, (idempotencyKey) =>
    call<W['rejectRecharge']>(
      { method: 'POST', path: '/admin/recharges/reject' },
      { body: rejection as BodyOf<W['rejectRecharge']>, idempotencyKey },
    ),
  );
export const approveWithdrawal = (body: BodyOf<W['approveWithdrawal']>) =>
  withAttempt(`withdrawal-approve-${body.id}`, (idempotencyKey) =>
    call<W['approveWithdrawal']>(
      { method: 'POST', path: '/admin/withdrawals/approve' },
      { body, idempotencyKey },
    ),
  );
export const rejectWithdrawal = (rejection: Rejection) =>
  withAttempt(`withdrawal-reject-${rejection.id}`, (idempotencyKey) =>
    call<W['rejectWithdrawal']>(
      { method: 'POST', path: '/admin/withdrawals/reject' },
      { body: rejection as BodyOf<W['rejectWithdrawal']>, idempotencyKey },
    ),
  );
export const approveKyc = (id: number) =>
  call<typeof adminKycRoutes.approve>({ method: 'POST', path: '/admin/kyc/approve' }, { body: { id } });
export const rejectKyc = (rejection: Rejection) =>
  call<typeof adminKycRoutes.reject>(
    { method: 'POST', path: '/admin/kyc/reject' },
    { body: rejection as BodyOf<typeof adminKycRoutes.reject> },
  );
export const arbitrate = (body: BodyOf<typeof adminOrderRoutes.arbitrate>) =>
  withAttempt(`arbitrate-${body.id}`, (idempotencyKey) =>
    call<typeof adminOrderRoutes.arbitrate>(
      { method: 'POST', path: '/admin/refunds/arbitrate' },
      { body, idempotencyKey },
    ),
  );

/** A decision: afterwards (decided, or already decided by someone else) every queue and the overview refresh. */
export function useDecision<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
    },
  });
}

/**
 * The payout's body, checked before sending: the contract's (the reference's length), and the
 * console asks for the reference, so the payout can be traced from the merchant's record.
 */
export const approveWithdrawalSchema = adminWalletRoutes.approveWithdrawal.body.refine(
  (b) => (b.reference ?? '') !== '',
  { error: 'FIELD_REQUIRED', path: ['reference'] },
);
