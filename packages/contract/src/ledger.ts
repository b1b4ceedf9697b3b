import { z } from 'zod';

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
