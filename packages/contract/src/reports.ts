import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from './envelope';
import { BILL_TYPES, billType, JOURNAL_TYPES } from './ledger';
import { moneyOut } from './money-fields';
import { defineRoute } from './route';

export const REPORT_RANGES = ['all', 'yesterday', 'today', 'week', 'month'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
/** Days in the daily series of the `all` range (the other ranges chart their own days). */
export const ALL_RANGE_SERIES_DAYS = 30;

export const billItem = z.object({
  /** The posting's id (stable, for infinite scroll). */
  id: z.number().int(),
  type: z.enum(BILL_TYPES),
  /** The ledger's finer type, e.g. withdrawal_hold / withdrawal_release. */
  journal_type: z.enum(JOURNAL_TYPES),
  /** Signed: + into the wallet, − out of it. */
  amount: moneyOut,
  balance_after: moneyOut,
  created_at: isoTime,
  /** What caused it: `{ type: "recharge", id }`, `{ type: "withdrawal", id }`, `{ type: "order", id }`... */
  source: z.object({ type: z.string(), id: z.number().int() }).nullable(),
  /** An operator adjustment's reason. */
  reason: z.string().nullable(),
});

const figures = {
  sales: moneyOut,
  cost: moneyOut,
  profit: moneyOut,
  refunds: moneyOut,
  topups: moneyOut,
  withdrawals: moneyOut,
  fees: moneyOut,
  /** Alliance commission credited to the wallet (a member's settlement paid it). */
  commissions: moneyOut,
};

export const reportsRoutes = {
  bill: defineRoute({
    method: 'GET',
    path: '/merchant/merchant/bill',
    auth: 'merchant',
    summary: 'Funds records: wallet postings with type and balance after, newest first',
    refusals: ['INVALID_INPUT'],
    query: z.object({ ...pageQuery, type: billType.optional() }),
    data: pageOf(billItem),
  }),
  financialReport: defineRoute({
    method: 'GET',
    path: '/merchant/merchant/financial_report',
    auth: 'merchant',
    summary: "Finance figures for a range in the merchant's time zone, with a daily series",
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
      ...figures,
      series: z.array(
        z.object({
          /** Local calendar day, YYYY-MM-DD. */
          date: z.string(),
          ...figures,
        }),
      ),
    }),
  }),
} as const;
