import { z } from 'zod';
import { nowFigures } from './dashboard';
import { calendarDay, isoTime, pageOf, pageQuery } from './envelope';
import { BILL_TYPES, billType, JOURNAL_TYPES, type JournalType } from './ledger';
import { moneyOut } from './money-fields';
import * as reportsPaths from './paths/reports';
import { type DownloadFile, defineRoute } from './route';

export const REPORT_RANGES = ['all', 'yesterday', 'today', 'week', 'month'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
/** Days in the daily series of the `all` range (the other ranges chart their own days). */
export const ALL_RANGE_SERIES_DAYS = 30;

/** The accounts whose postings the funds records list: the wallet, or the withdrawal hold. */
export const BILL_ACCOUNTS = ['wallet', 'withdraw_hold'] as const;
export type BillAccount = (typeof BILL_ACCOUNTS)[number];

/**
 * The wallet basis (docs/figures.md): each journal type that posts on a merchant's wallet lands in
 * exactly one line of the finance report's Wallet section, so that opening + Σ lines = closing for
 * every period. A line is the sum of the funds records (`bill`) of its journal types in the period,
 * signed as the bill signs them (+ into the wallet, − out of it). `null`: the type never posts on
 * a wallet (a buyer's payment goes into escrow; a payout leaves the hold).
 */
export const WALLET_LINES = [
  'topups',
  'settled',
  'cost_paid',
  'cost_returned',
  'commission',
  'withdrawals_held',
  'withdrawals_released',
  'levels',
  'express',
  'fees',
  'adjustments',
] as const;
export type WalletLine = (typeof WALLET_LINES)[number];
export const WALLET_LINE_OF: Record<JournalType, WalletLine | null> = {
  recharge: 'topups',
  settlement: 'settled',
  order_pickup: 'cost_paid',
  refund: 'cost_returned',
  alliance_commission: 'commission',
  withdrawal_hold: 'withdrawals_held',
  withdrawal_release: 'withdrawals_released',
  level_purchase: 'levels',
  express_purchase: 'express',
  fee: 'fees',
  adjustment: 'adjustments',
  order_payment: null,
  withdrawal_payout: null,
};

/** The withdrawal hold's lines, the same way (+ into the hold, − out of it). */
export const HOLD_LINES = ['held', 'paid_out', 'released', 'adjustments'] as const;
export type HoldLine = (typeof HOLD_LINES)[number];
export const HOLD_LINE_OF: Record<JournalType, HoldLine | null> = {
  withdrawal_hold: 'held',
  withdrawal_payout: 'paid_out',
  withdrawal_release: 'released',
  adjustment: 'adjustments',
  recharge: null,
  settlement: null,
  order_pickup: null,
  refund: null,
  alliance_commission: null,
  level_purchase: null,
  express_purchase: null,
  fee: null,
  order_payment: null,
};

/** The journal types of a line (the bill's `journal_type` filter takes one; a line has one each today). */
export function journalTypesOfLine<L extends string>(
  lineOf: Record<JournalType, L | null>,
  line: L,
): JournalType[] {
  return JOURNAL_TYPES.filter((j) => lineOf[j] === line);
}

export const billItem = z.object({
  /** The posting's id (stable, for infinite scroll). */
  id: z.number().int(),
  type: z.enum(BILL_TYPES),
  /** The ledger's finer type, e.g. withdrawal_hold / withdrawal_release. */
  journal_type: z.enum(JOURNAL_TYPES),
  /** Signed: + into the account (the wallet, or the hold), − out of it. */
  amount: moneyOut,
  balance_after: moneyOut,
  /** The platform's fee taken in the same journal (a withdrawal paid out); null for others. */
  fee: moneyOut.nullable(),
  created_at: isoTime,
  /** What caused it: `{ type: "recharge", id }`, `{ type: "withdrawal", id }`, `{ type: "order", id }`... */
  source: z.object({ type: z.string(), id: z.number().int() }).nullable(),
  /** An operator adjustment's reason. */
  reason: z.string().nullable(),
});

const money = moneyOut;
const count = z.number().int();

/** The orders basis of a period: the orders paid in it (the same definitions as Home's, contract/dashboard.ts). */
export const ordersSection = z.object({
  /** Orders sold: paid and not refunded in full. */
  orders: count,
  /** Sales: Σ (total − refunded) over the paid orders. */
  sales: money,
  /** Refunded to buyers: Σ refunded over the paid orders. */
  refunded: money,
  /** Cost: Σ the cost the orders carry; `cost_estimated` is the part of orders still awaiting pickup. */
  cost: money,
  cost_estimated: money,
  /** Profit: sales − cost (each paid order's earnings). */
  profit: money,
});

/** The wallet basis of a period: its balance at the start, each line, its balance at the end. */
export const walletSection = z.object({
  opening: money,
  ...(Object.fromEntries(WALLET_LINES.map((l) => [l, money])) as Record<WalletLine, typeof money>),
  closing: money,
});

/** The withdrawal hold the same way, and the fees the platform kept of what it paid out. */
export const holdSection = z.object({
  opening: money,
  ...(Object.fromEntries(HOLD_LINES.map((l) => [l, money])) as Record<HoldLine, typeof money>),
  closing: money,
  /** Of `paid_out` (gross), the part kept as fees. */
  fees: money,
});

/** A page of funds records, the filters it was read with and the sums of every row they keep. */
export const billPage = pageOf(billItem).extend({
  account: z.enum(BILL_ACCOUNTS),
  range: z.enum(REPORT_RANGES),
  /** The period cut (null for all): the report's own. */
  from: isoTime.nullable(),
  to: isoTime.nullable(),
  /** Of every row the filters keep (not only this page): how many, Σ amount (signed), Σ fee. */
  sums: z.object({ count, amount: money, fees: money }),
});

/** A statement's forms: a PDF to read, a CSV for a spreadsheet, the JSON the verifier checks. */
export const STATEMENT_FORMATS = ['pdf', 'csv', 'json'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
/** The longest period one statement covers (a year and a day: any calendar year, leap or not). */
export const STATEMENT_MAX_DAYS = 366;

/** A statement's period: days of the merchant's time zone, both included, and its form. */
export const statementFields = {
  from: calendarDay,
  to: calendarDay,
  format: z.enum(STATEMENT_FORMATS, { error: 'FIELD_INVALID' }).default('pdf'),
};

/** `to` on or after `from`, and at most STATEMENT_MAX_DAYS days in all. */
export function statementPeriodOk(q: { from: string; to: string }): boolean {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
  return days >= 1 && days <= STATEMENT_MAX_DAYS;
}

/** The file a download row answers (route.ts `download`). */
export const downloadFile = z.custom<DownloadFile>();

export const reportsRoutes = {
  statement: defineRoute({
    ...reportsPaths.statement,
    download: true,
    summary:
      "A statement of a period (days of the merchant's time zone, both included, up to 366): opening and closing balance, every journal with its hash, the chain heads and the signed checkpoint they lead to, and the orders with their money trail; as PDF, CSV, or the JSON the verifier checks",
    refusals: ['INVALID_INPUT'],
    query: z
      .object(statementFields)
      .strict()
      .refine(statementPeriodOk, { error: 'FIELD_STATEMENT_PERIOD', path: ['to'] }),
    data: downloadFile,
  }),
  bill: defineRoute({
    ...reportsPaths.bill,
    summary:
      'Funds records: postings on the wallet (or the withdrawal hold) with type and balance after, newest first; filtered by type, journal type and period, with the sums of every row the filters keep',
    refusals: ['INVALID_INPUT'],
    query: z.object({
      ...pageQuery,
      type: billType.optional(),
      /** One journal type (a line of the finance report's Wallet or Hold section). */
      journal_type: z.enum(JOURNAL_TYPES, { error: 'FIELD_INVALID' }).optional(),
      /** Postings of a period of the merchant's calendar, as the finance report cuts it. */
      range: z.enum(REPORT_RANGES, { error: 'FIELD_INVALID' }).default('all'),
      account: z.enum(BILL_ACCOUNTS, { error: 'FIELD_INVALID' }).default('wallet'),
    }),
    data: billPage,
  }),
  financialReport: defineRoute({
    ...reportsPaths.financialReport,
    summary:
      "Finance figures of a period in the merchant's time zone: the orders paid in it, the wallet's and the hold's lines from opening to closing balance, where the money is now, and a daily series",
    refusals: ['INVALID_INPUT'],
    query: z.object({
      range: z.enum(REPORT_RANGES, { error: 'FIELD_INVALID' }).default('all'),
    }),
    data: z.object({
      range: z.enum(REPORT_RANGES),
      time_zone: z.string(),
      /** Start of the range (null for all), and its end (now, or the end of yesterday). */
      from: isoTime.nullable(),
      to: isoTime,
      orders: ordersSection,
      wallet: walletSection,
      hold: holdSection,
      now: nowFigures,
      /**
       * Only for `all`: the orders basis again from the wallet's side. `sales_from_wallet` =
       * settled + in escrow (= orders.sales); `profit_from_wallet` = settled + cost paid (negative)
       * + cost returned + in escrow − cost awaiting pickup (= orders.profit).
       */
      reconciliation: z.object({ sales_from_wallet: money, profit_from_wallet: money }).nullable(),
      series: z.array(
        z.object({
          /** Local calendar day, YYYY-MM-DD. */
          date: z.string(),
          /** Orders basis: the orders paid that day. */
          sales: money,
          profit: money,
          /** Wallet basis: settled into the wallet that day, top-ups credited. */
          settled: money,
          topups: money,
        }),
      ),
    }),
  }),
} as const;
