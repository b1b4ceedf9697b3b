/**
 * Translation keys of the server's codes, spelled out (never built from a variable, STYLE.md), so
 * the locales test can find every key the code asks for. Statuses are the contract's wire codes
 * (orders.ts ORDER_STATUS); a buyer reads "awaiting pickup" (5) as paid and being prepared.
 */
export const ORDER_STATUS_KEYS: Record<number, string> = {
  0: 'status.unpaid',
  5: 'status.paid',
  1: 'status.preparing',
  2: 'status.shipped',
  6: 'status.inTransit',
  7: 'status.reached',
  3: 'status.received',
  4: 'status.completed',
  [-1]: 'status.cancelled',
};

export const REFUND_STATUS_KEYS: Record<string, string> = {
  pending: 'refundStatus.pending',
  approved: 'refundStatus.approved',
  rejected: 'refundStatus.rejected',
  appealed: 'refundStatus.appealed',
  appeal_refunded: 'refundStatus.appealRefunded',
  appeal_rejected: 'refundStatus.appealRejected',
};

export const PAYMENT_STATUS_KEYS: Record<string, string> = {
  created: 'payStatus.created',
  succeeded: 'payStatus.succeeded',
  failed: 'payStatus.failed',
  refunded: 'payStatus.refunded',
};
