import type { ReasonMessageKey } from './errors';

/**
 * The preset reasons an operator may reject a review with, per queue (docs/console-api.md
 * "Queues"): the console lists them, and a reject call names one as `reason_code` instead of typing
 * a `reason`. The server stores the code's text in the merchant's own language (the language the
 * merchant last chose, `set_language`) as the request's reason, so the merchant app shows a preset
 * reason exactly as it shows a typed one (docs/decisions.md).
 *
 * Each code maps to its message key, written out here: no key is ever built from a code.
 */
export const REJECT_REASONS = {
  recharge: {
    voucher_unreadable: 'REASON_VOUCHER_UNREADABLE',
    amount_mismatch: 'REASON_AMOUNT_MISMATCH',
    not_received: 'REASON_NOT_RECEIVED',
    duplicate: 'REASON_DUPLICATE',
    reference_missing: 'REASON_REFERENCE_MISSING',
  },
  withdrawal: {
    destination_invalid: 'REASON_DESTINATION_INVALID',
    holder_mismatch: 'REASON_HOLDER_MISMATCH',
    payout_failed: 'REASON_PAYOUT_FAILED',
    risk_review: 'REASON_RISK_REVIEW',
  },
  kyc: {
    photo_unclear: 'REASON_PHOTO_UNCLEAR',
    name_mismatch: 'REASON_NAME_MISMATCH',
    id_expired: 'REASON_ID_EXPIRED',
    id_number_mismatch: 'REASON_ID_NUMBER_MISMATCH',
    hand_photo_invalid: 'REASON_HAND_PHOTO_INVALID',
  },
} as const satisfies Record<string, Record<string, ReasonMessageKey>>;

/** The review queues that reject with a reason: top-ups, withdrawals, identities. */
export type ReasonQueue = keyof typeof REJECT_REASONS;
export const REASON_QUEUES = Object.keys(REJECT_REASONS) as ReasonQueue[];
export type ReasonCode<Q extends ReasonQueue> = keyof (typeof REJECT_REASONS)[Q] & string;

/** The codes of one queue, in the order the console lists them. */
export function reasonCodes<Q extends ReasonQueue>(queue: Q): [ReasonCode<Q>, ...ReasonCode<Q>[]] {
  return Object.keys(REJECT_REASONS[queue]) as [ReasonCode<Q>, ...ReasonCode<Q>[]];
}

/** The message key of a queue's code. */
export function reasonKey<Q extends ReasonQueue>(queue: Q, code: ReasonCode<Q>): ReasonMessageKey {
  return (REJECT_REASONS[queue] as Record<string, ReasonMessageKey>)[code] as ReasonMessageKey;
}
