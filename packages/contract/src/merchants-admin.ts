import { z } from 'zod';
import { kycStatus, merchantStatus, merInfo } from './account';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import { billType } from './ledger';
import { NOTICE_KINDS } from './messages';
import { moneyIn, moneyOut } from './money-fields';
import * as merchantAdminPaths from './paths/merchant-admin';
import { billPage, downloadFile, statementFields, statementPeriodOk } from './reports';
import { ADMINS, defineRoute, SUPPORT } from './route';
import { text } from './text';
import { idField, reasonField } from './wallet';

/**
 * The operator console's merchants (docs/console-api.md "Merchants" and "Balance
 * adjustments"): search, a merchant's page and its sub-lists for support and admins, and balance
 * adjustments that need two admins. A merchant's orders are `/admin/orders?merchant_id=` (orders.ts);
 * closing and reopening its shop are `/admin/shop/*` (shop.ts).
 */

// ---------------------------------------------------------------- search

/**
 * Merchant counts (a search's `total`) are exact up to this many; past it `total` reads the cap with
 * `total_capped: true` ("10,000+"), as order lists do: a search matching most merchants pays for ten
 * thousand index entries, not for all of them.
 */
export const MERCHANT_COUNT_CAP = 10_000;

export const merchantSearchQuery = z.strictObject({
  /**
   * Matched against the id (exactly, when it is all digits), the phone (from its start; spaces and
   * dashes dropped), the email (from its start, either case) and the shop's name (anywhere in it,
   * either case). Any of them matching is a match.
   */
  q: text({ error: 'FIELD_INVALID' })
    .trim()
    .max(254, { error: 'FIELD_TOO_LONG' })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  status: z.enum(merchantStatus.options, { error: 'FIELD_INVALID' }).optional(),
  kyc: z.enum(kycStatus.options, { error: 'FIELD_INVALID' }).optional(),
  ...pageQuery,
});

export const merchantLine = z.object({
  id: z.number().int(),
  phone: z.string(),
  email: z.string(),
  real_name: z.string(),
  country: z.string(),
  shop_name: z.string(),
  status: merchantStatus,
  kyc_status: kycStatus,
  level: z.object({ rank: z.number().int(), name: z.string() }).nullable(),
  /** The wallet's balance. */
  balance: moneyOut,
  created_at: isoTime,
});

// ---------------------------------------------------------------- one merchant

export const merchantIdQuery = z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
const subListQuery = z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER), ...pageQuery });

export const merchantDetail = merInfo.omit({ invite_link: true }).extend({
  balance: moneyOut,
  /** What the withdrawal hold holds: the merchant's pending withdrawals. */
  hold: moneyOut,
  parent_id: z.number().int().nullable(),
  /** The latest identity submission (its status is `kyc_status`), in full for the operator. */
  identity: z
    .object({
      id: z.number().int(),
      real_name: z.string(),
      id_number: z.string(),
      status: z.enum(['pending', 'verified', 'rejected']),
      reason: z.string().nullable(),
      created_at: isoTime,
      reviewed_at: isoTime.nullable(),
    })
    .nullable(),
  /** The level bought, at the terms bought (null: none yet). */
  level_terms: z
    .object({
      rank: z.number().int(),
      name: z.string(),
      margin_bps: z.number().int(),
      quota: z.number().int(),
      listings_used: z.number().int(),
    })
    .nullable(),
  counts: z.object({
    /** All of the shop's orders, up to ORDER_COUNT_CAP (`orders_capped` past it). */
    orders: z.number().int(),
    orders_capped: z.boolean(),
    /** The dashboard's figures (docs/design.md §5): orders paid and not refunded, their sales. */
    sold_orders: z.number().int(),
    sales: moneyOut,
    listings: z.number().int(),
    followers: z.number().int(),
    notices_unread: z.number().int(),
    sessions_live: z.number().int(),
    pending_recharges: z.number().int(),
    pending_withdrawals: z.number().int(),
    pending_adjustments: z.number().int(),
  }),
});

export const sessionLine = z.object({
  id: z.number().int(),
  created_at: isoTime,
  last_seen_at: isoTime,
  expires_at: isoTime,
  revoked_at: isoTime.nullable(),
  /** Not revoked, not past its absolute expiry, not idle too long: it still opens the app. */
  live: z.boolean(),
});

export const noticeLine = z.object({
  id: z.number().int(),
  type: z.enum(NOTICE_KINDS),
  /** The key the merchant app translates (`notice.<type>`), and its params. */
  title_key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  read_at: isoTime.nullable(),
  created_at: isoTime,
});

// ---------------------------------------------------------------- balance adjustments

export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const proposeAdjustmentBody = z.strictObject({
  merchant_id: idField,
  /** credit: into the wallet (from the platform's revenue); debit: out of it (to revenue). */
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'FIELD_CHOOSE' }),
  amount: moneyIn.refine((v) => v !== 0, { error: 'CANNOT_BE_ZERO' }),
  /** What the merchant reads in the funds records and the notice. */
  reason: reasonField,
});
export type ProposeAdjustmentBody = z.input<typeof proposeAdjustmentBody>;

const operatorRef = z.object({ id: z.number().int(), username: z.string() });

export const adjustmentItem = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  shop_name: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: moneyOut,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposed_by: operatorRef,
  created_at: isoTime,
  decided_by: operatorRef.nullable(),
  decided_at: isoTime.nullable(),
  /** A rejection's reason (for the admins; the merchant is not told of a proposal). */
  decision_reason: z.string().nullable(),
  /** The `adjustment` journal an approval posted. */
  journal_id: z.number().int().nullable(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItem>;

export const adjustmentsQuery = z.strictObject({
  status: z.enum(ADJUSTMENT_STATUSES, { error: 'FIELD_INVALID' }).optional(),
  merchant_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  ...pageQuery,
});

// ---------------------------------------------------------------- routes

export const merchantAdminRoutes = {
  merchants: defineRoute({
    ...merchantAdminPaths.merchants,
    roles: SUPPORT,
    summary:
      'Merchants, newest first: `q` matches the id, the phone or email (from the start) or the shop name (anywhere); filter by shop status and identity status',
    refusals: ['INVALID_INPUT'],
    query: merchantSearchQuery,
    data: pageOf(merchantLine).extend({ total_capped: z.boolean() }),
  }),
  detail: defineRoute({
    ...merchantAdminPaths.detail,
    roles: SUPPORT,
    summary:
      "A merchant's page: account, shop, identity, level, balance and hold, and counts of its orders, listings, followers, notices, sessions and pending requests",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: merchantIdQuery,
    data: merchantDetail,
  }),
  funds: defineRoute({
    ...merchantAdminPaths.funds,
    roles: SUPPORT,
    summary: "A merchant's funds records, as the merchant's `bill` shows them (newest first, by type)",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: subListQuery.extend({ type: billType.optional() }),
    data: billPage,
  }),
  statement: defineRoute({
    ...merchantAdminPaths.statement,
    download: true,
    roles: SUPPORT,
    summary:
      "The statement the merchant downloads, produced for it (audited): the same file, in the merchant's language and time zone",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: z
      .strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER), ...statementFields })
      .refine(statementPeriodOk, { error: 'FIELD_STATEMENT_PERIOD', path: ['to'] }),
    data: downloadFile,
  }),
  sessions: defineRoute({
    ...merchantAdminPaths.sessions,
    roles: SUPPORT,
    summary: "A merchant's sessions, newest first: opened, last seen, expiry, revoked, live (never a token)",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: subListQuery,
    data: pageOf(sessionLine),
  }),
  notices: defineRoute({
    ...merchantAdminPaths.notices,
    roles: SUPPORT,
    summary: 'The notices a merchant was sent, newest first, read or not',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: subListQuery,
    data: pageOf(noticeLine),
  }),

  adjustments: defineRoute({
    ...merchantAdminPaths.adjustments,
    roles: ADMINS,
    summary: 'Balance adjustments proposed, newest first; filter by status and merchant',
    refusals: ['INVALID_INPUT'],
    query: adjustmentsQuery,
    data: pageOf(adjustmentItem),
  }),
  proposeAdjustment: defineRoute({
    ...merchantAdminPaths.proposeAdjustment,
    roles: ADMINS,
    idempotent: true,
    summary:
      'Propose a balance adjustment (credit or debit of the wallet) with a reason; nothing moves until another admin approves it',
    refusals: ['INVALID_INPUT', 'CANNOT_BE_ZERO', 'MERCHANT_UNKNOWN', 'CANNOT_EXCEED_BALANCE'],
    body: proposeAdjustmentBody,
    data: adjustmentItem,
  }),
  approveAdjustment: defineRoute({
    ...merchantAdminPaths.approveAdjustment,
    roles: ADMINS,
    idempotent: true,
    summary:
      "Approve another admin's pending adjustment: one `adjustment` journal with its reason posts (credit from revenue, debit to it; a debit the wallet can't cover is refused), and the merchant gets a notice",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED', 'SELF_APPROVAL', 'INSUFFICIENT_BALANCE'],
    body: z.strictObject({ id: idField }),
    data: adjustmentItem.extend({ balance: moneyOut }),
  }),
  rejectAdjustment: defineRoute({
    ...merchantAdminPaths.rejectAdjustment,
    roles: ADMINS,
    idempotent: true,
    summary:
      'Reject a pending adjustment with a reason (its proposer may withdraw it this way); nothing moves',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: z.strictObject({ id: idField, reason: reasonField }),
    data: adjustmentItem,
  }),
} as const;
