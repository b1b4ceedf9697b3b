import { z } from 'zod';
import { queryInt } from './envelope';
import * as ledgerPaths from './paths/ledger';
import { defineRoute } from './route';

/**
 * The ledger's vocabulary. Every movement of money is one journal of postings that sum to zero;
 * a journal's type says what happened, and the funds records (`bill`) group types into categories.
 */

/** Each merchant has a wallet and a withdrawal hold; the platform has one account of each other kind. */
export const MERCHANT_ACCOUNT_KINDS = ['wallet', 'withdraw_hold'] as const;
export const PLATFORM_ACCOUNT_KINDS = [
  'escrow',
  'supplier_payable',
  'revenue',
  'deposit_clearing',
  'payout_clearing',
] as const;
export type MerchantAccountKind = (typeof MERCHANT_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type AccountKind = MerchantAccountKind | PlatformAccountKind;

export const JOURNAL_TYPES = [
  'recharge',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'order_payment',
  'order_pickup',
  'refund',
  'settlement',
  'level_purchase',
  'express_purchase',
  'alliance_commission',
  'fee',
  'adjustment',
] as const;
export type JournalType = (typeof JOURNAL_TYPES)[number];

/** The type filter of the funds records. */
export const BILL_TYPES = [
  'recharge',
  'withdrawal',
  'order',
  'refund',
  'level',
  'promotion',
  'commission',
  'fee',
  'adjustment',
] as const;
export type BillType = (typeof BILL_TYPES)[number];
export const billType = z.enum(BILL_TYPES, { error: 'FIELD_INVALID' });

export const BILL_TYPE_OF: Record<JournalType, BillType> = {
  recharge: 'recharge',
  withdrawal_hold: 'withdrawal',
  withdrawal_payout: 'withdrawal',
  withdrawal_release: 'withdrawal',
  order_payment: 'order',
  order_pickup: 'order',
  settlement: 'order',
  refund: 'refund',
  level_purchase: 'level',
  express_purchase: 'promotion',
  alliance_commission: 'commission',
  fee: 'fee',
  adjustment: 'adjustment',
};

export function journalTypesOf(type: BillType): JournalType[] {
  return JOURNAL_TYPES.filter((j) => BILL_TYPE_OF[j] === type);
}

// ---------------------------------------------------------------- the public proof rows

/** A signed checkpoint as published (docs/ledger-proof.md); `at` is epoch ms, as it is signed. */
export const ledgerCheckpoint = z.object({
  id: z.number().int(),
  at: z.number().int(),
  accounts: z.number().int(),
  root: z.string(),
  prev: z.string(),
  key: z.string(),
  signature: z.string(),
});

/** The most checkpoints one page gives. */
export const CHECKPOINTS_PAGE_MAX = 200;

export const ledgerRoutes = {
  key: defineRoute({
    ...ledgerPaths.key,
    summary:
      "The platform's checkpoint signing key (raw Ed25519, hex) and its fingerprint: what a merchant or auditor checks checkpoints against",
    refusals: [],
    data: z.object({ key: z.string(), fingerprint: z.string(), algorithm: z.literal('ed25519') }),
  }),
  checkpoints: defineRoute({
    ...ledgerPaths.checkpoints,
    summary:
      "Signed checkpoints of the ledger's account chains, newest first (`before` an id to page back): readable without login, to be archived by anyone",
    refusals: ['INVALID_INPUT'],
    query: z
      .object({
        before: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
        limit: queryInt(1, CHECKPOINTS_PAGE_MAX).default(24),
      })
      .strict(),
    data: z.object({ list: z.array(ledgerCheckpoint) }),
  }),
};
