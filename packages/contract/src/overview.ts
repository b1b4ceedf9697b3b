import { z } from 'zod';
import { timeZoneField } from './account';
import { isoTime, pageOf, pageQuery } from './envelope';
import { moneyOut } from './money-fields';
import * as overviewPaths from './paths/overview';
import type { ReasonQueue } from './reasons';
import { ADMINS, defineRoute, OPERATOR_ROLES } from './route';

/**
 * The operator console's platform overview, its work-queue summary and the ledger checks
 * (docs/console-api.md "Overview" and "Queues"). Every figure comes from recorded events: the
 * dashboard's per-shop rollups, the orders, the ledger's cached balances.
 */

/** Rows any signed-in operator may read. */
export const EVERY_ROLE = OPERATOR_ROLES;

/**
 * The work queues: top-ups, withdrawals and identities to review, refund appeals to decide, balance
 * adjustments waiting for a second admin, and picked-up orders waiting to be shipped.
 */
export const QUEUES = ['recharges', 'withdrawals', 'kyc', 'appeals', 'adjustments', 'shipping'] as const;
export type Queue = (typeof QUEUES)[number];

export const queueSummary = z.object({
  queue: z.enum(QUEUES),
  /** Items waiting. */
  pending: z.number().int(),
  /**
   * When the oldest of them entered the queue (asked, appealed, proposed; for shipping, picked up);
   * null when the queue is empty. Its age is now minus this.
   */
  oldest_at: isoTime.nullable(),
});
export type QueueSummary = z.infer<typeof queueSummary>;

/** A preset rejection reason, with its text in the caller's language (contract/reasons.ts). */
const presetReason = z.object({ code: z.string(), text: z.string() });

/** One run of the ledger check (`ops ledger:check`): when, by whom, and what it found. */
export const ledgerCheckItem = z.object({
  id: z.number().int(),
  at: isoTime,
  ok: z.boolean(),
  /** How many differences it found (0 when ok). */
  problems: z.number().int(),
  /** The first differences, in words (at most LEDGER_CHECK_SUMMARY_LINES). */
  summary: z.array(z.string()),
  journals: z.number().int(),
  postings: z.number().int(),
  accounts: z.number().int(),
  duration_ms: z.number().int(),
  /** `job`: the periodic run (LEDGER_CHECK_MINUTES); `operator`: run from the console by `operator_id`. */
  run_by: z.enum(['job', 'operator']),
  operator_id: z.number().int().nullable(),
});
export type LedgerCheckItem = z.infer<typeof ledgerCheckItem>;
/** Differences a ledger check keeps in words; the count keeps them all. */
export const LEDGER_CHECK_SUMMARY_LINES = 20;

/** Sold orders and their sales in a period (docs/design.md §5: paid and not refunded in full, by payment time). */
const periodFigures = z.object({
  /** Start of the period in the requested zone; it ends now. */
  from: isoTime,
  orders: z.number().int(),
  sales: moneyOut,
});

export const overviewQuery = z.strictObject({
  /** IANA zone that cuts "today" and "this month" (default UTC). */
  tz: timeZoneField.optional(),
  /** `1`: compute the platform-wide figures now rather than answer the last ones (`figures_at`). */
  fresh: z.literal('1', { error: 'FIELD_INVALID' }).optional(),
});

export const overviewData = z.object({
  time_zone: z.string(),
  at: isoTime,
  /**
   * When today's and this month's figures, the orders by status and the money were computed: they
   * are sums over the whole platform, computed at most OVERVIEW_MAX_AGE_SECONDS before (or now, with
   * `fresh=1`). The queues and the last ledger check are read live.
   */
  figures_at: isoTime,
  today: periodFigures,
  month: periodFigures,
  /** Every order by fulfilment status (the wire codes of contract/orders.ts), all shops. */
  orders_by_status: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  queues: z.array(queueSummary),
  /**
   * Money by account, from the ledger's cached balances (each equal to its postings, which the ledger
   * check verifies): what escrow holds for buyers, the merchants' withdrawal holds and wallets summed,
   * and the platform's revenue and other accounts.
   */
  money: z.object({
    escrow: moneyOut,
    withdraw_holds: moneyOut,
    wallets: moneyOut,
    revenue: moneyOut,
    supplier_payable: moneyOut,
    deposit_clearing: moneyOut,
    payout_clearing: moneyOut,
  }),
  /** The last ledger check (null before the first). */
  ledger_check: ledgerCheckItem.nullable(),
  /**
   * The payout promise kept: today's promise in hours, withdrawals pending past theirs now, and of
   * the withdrawals paid in the last 7 and 30 days, how many within their promise.
   */
  payout_promise: z.object({
    hours: z.number().int(),
    late_now: z.number().int(),
    days7: z.object({ paid: z.number().int(), within: z.number().int() }),
    days30: z.object({ paid: z.number().int(), within: z.number().int() }),
  }),
});

export const overviewRoutes = {
  overview: defineRoute({
    ...overviewPaths.overview,
    roles: EVERY_ROLE,
    summary:
      "The platform at a glance: today's and this month's sold orders and sales (in `tz`), orders by status, the work queues, money by account, the last ledger check",
    refusals: ['INVALID_INPUT'],
    query: overviewQuery,
    data: overviewData,
  }),
  queues: defineRoute({
    ...overviewPaths.queues,
    roles: EVERY_ROLE,
    summary:
      "Each work queue's size and its oldest item's time, and the preset rejection reasons of the review queues in the caller's language",
    refusals: [],
    data: z.object({
      queues: z.array(queueSummary),
      reasons: z.object({
        recharge: z.array(presetReason),
        withdrawal: z.array(presetReason),
        kyc: z.array(presetReason),
      }) satisfies z.ZodType<Record<ReasonQueue, unknown>>,
    }),
  }),
  ledgerChecks: defineRoute({
    ...overviewPaths.ledgerChecks,
    roles: EVERY_ROLE,
    summary: 'The ledger checks run so far, newest first (the periodic job and operators)',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ ...pageQuery }),
    data: pageOf(ledgerCheckItem),
  }),
  runLedgerCheck: defineRoute({
    ...overviewPaths.runLedgerCheck,
    roles: ADMINS,
    summary:
      'Run the ledger check now (every journal sums to 0, every balance equals its postings, holds equal pending withdrawals) and record its result',
    refusals: [],
    data: ledgerCheckItem,
  }),
} as const;
