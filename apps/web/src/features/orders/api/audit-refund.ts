import type { orderRoutes } from '@dropdesk/contract/orders';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { refreshOrders } from './refresh-orders';

type R = typeof orderRoutes.refundAudit;

interface Input {
  body: BodyOf<R>;
  idempotencyKey: string;
  /** The rejection form shows its refusal itself; an approval's refusal is a toast. */
  quiet?: boolean;
}

/**
 * POST merchant/refund_audit: approves a pending refund (the buyer is refunded from escrow, and a
 * cost paid for an order not yet shipped returns to the wallet) or rejects it with a reason. A
 * money route: it takes an Idempotency-Key.
 */
export const auditRefund = ({ body, idempotencyKey, quiet = false }: Input) =>
  call<R>({ method: 'POST', path: '/merchant/merchant/refund_audit' }, { body, idempotencyKey, quiet });

/** An approval's key: one per refund, so a second tap or a retry gets the first answer. */
export const approveKey = (id: number) => `refund-approve-${id}`;

export function useAuditRefund() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: auditRefund, onSettled: () => refreshOrders(queryClient) });
}
