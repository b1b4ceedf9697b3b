import type { JournalType } from '@dropdesk/contract/ledger';
import type { BillAccount, HoldLine, ReportRange, WalletLine } from '@dropdesk/contract/reports';
import { paths } from './paths';

/**
 * Where each figure of Home and the finance report leads: the list it is made of, which sums to it
 * (docs/figures.md "Drill-downs"). Plain functions and types only (no React, no zod), so Home's own
 * page (src/home) writes the same links as the app's screens.
 */

/** The order list's filters that make it the list behind a figure (the contract's FIGURE_FILTERS, and the status tab). */
export interface OrderFigureFilters {
  sold?: boolean;
  paid?: boolean;
  paid_day?: string;
  paid_range?: ReportRange;
  refunded?: boolean;
  in_escrow?: boolean;
  status?: 5;
}

/** The order list with these filters: `/order?sold=1&paid_range=week`. */
export function ordersPath(f: OrderFigureFilters): string {
  const q = new URLSearchParams();
  if (f.status !== undefined) q.set('status', String(f.status));
  if (f.sold) q.set('sold', '1');
  if (f.paid) q.set('paid', '1');
  if (f.refunded) q.set('refunded', '1');
  if (f.in_escrow) q.set('in_escrow', '1');
  if (f.paid_day) q.set('paid_day', f.paid_day);
  if (f.paid_range) q.set('paid_range', f.paid_range);
  const s = q.toString();
  return s ? `${paths.order}?${s}` : paths.order;
}

/** The funds records' filters: an account, a journal type, a period. */
export interface FundsFilters {
  account?: BillAccount;
  journal_type?: JournalType;
  range?: ReportRange;
}

/** The funds records with these filters (the wallet and all time when left out). */
export function fundsPath(f: FundsFilters): string {
  const q = new URLSearchParams();
  if (f.account && f.account !== 'wallet') q.set('account', f.account);
  if (f.journal_type) q.set('journal_type', f.journal_type);
  if (f.range && f.range !== 'all') q.set('range', f.range);
  const s = q.toString();
  return s ? `${paths.fundsRecords}?${s}` : paths.fundsRecords;
}

/**
 * The journal type of each line of the finance report's Wallet and Hold sections (the contract's
 * WALLET_LINE_OF and HOLD_LINE_OF read the other way: one type a line; a test compares them).
 */
export const WALLET_LINE_JOURNAL: Record<WalletLine, JournalType> = {
  topups: 'recharge',
  settled: 'settlement',
  cost_paid: 'order_pickup',
  cost_returned: 'refund',
  commission: 'alliance_commission',
  withdrawals_held: 'withdrawal_hold',
  withdrawals_released: 'withdrawal_release',
  levels: 'level_purchase',
  express: 'express_purchase',
  fees: 'fee',
  adjustments: 'adjustment',
};
export const HOLD_LINE_JOURNAL: Record<HoldLine, JournalType> = {
  held: 'withdrawal_hold',
  paid_out: 'withdrawal_payout',
  released: 'withdrawal_release',
  adjustments: 'adjustment',
};

/** What the "now" figures open: the orders escrow holds, the hold's records, the orders awaiting pickup, the pending top-ups. */
export const nowPaths = {
  in_escrow: ordersPath({ in_escrow: true }),
  on_hold: fundsPath({ account: 'withdraw_hold' }),
  awaiting_pickup_cost: ordersPath({ status: 5, paid: true }),
  pending_topups: `${paths.rechargeRecord}?status=pending`,
} as const;

/** What each Orders figure of a period opens (Home's all time and today, the finance report's periods). */
export function orderFigurePaths(period: { paid_range: ReportRange } | { paid_day: string } | null) {
  const p = period ?? {};
  return {
    orders: ordersPath({ sold: true, ...p }),
    sales: ordersPath({ sold: true, ...p }),
    refunded: ordersPath({ refunded: true, ...p }),
    cost: ordersPath({ paid: true, ...p }),
    profit: ordersPath({ paid: true, ...p }),
  };
}
