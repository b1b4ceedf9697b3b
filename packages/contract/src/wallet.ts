import { z } from 'zod';
import { PAY_PASSWORD_CHECK_REFUSALS, payPasswordField, uploadRef } from './account';
import { MAX_AMOUNT_MINOR, MIN_TOPUP_MINOR } from './constants';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import { JOURNAL_TYPES } from './ledger';
import { formatMoney } from './money';
import { moneyIn, moneyOut } from './money-fields';
import * as adminWalletPaths from './paths/admin-wallet';
import * as walletPaths from './paths/wallet';
import { type ReasonQueue, reasonCodes } from './reasons';
import { ADMINS, defineRoute, REVIEWERS } from './route';
import { text } from './text';

// ---------------------------------------------------------------- constants

/** Chain networks offered for deposits and withdrawals. */
export const NETWORKS = ['TRC20', 'ERC20'] as const;
export type Network = (typeof NETWORKS)[number];

/** What an address looks like on each network (base58 TRON, hex Ethereum). */
export const ADDRESS_PATTERNS: Record<Network, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

export function isAddressOf(network: Network, address: string): boolean {
  return ADDRESS_PATTERNS[network].test(address);
}

export const CURRENCIES = ['USDT'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** A chain deposit is credited after this many network confirmations. */
export const RECHARGE_CONFIRMATIONS = 2;
/** Deposit sources the platform cannot credit; the screens show them (keys to translate). */
export const UNSUPPORTED_DEPOSIT_SOURCES = [
  'decentralized_exchange',
  'binance_smart_chain',
  'huobi_eco_chain',
] as const;

export const RECHARGE_METHODS = ['chain', 'manual', 'bank'] as const;
export const WITHDRAW_METHODS = ['bank', 'blockchain'] as const;
/** Top-ups and withdrawals: pending (in review), approved, rejected by an operator, cancelled by the merchant. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[number];
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Bounds an operator may configure the withdrawal fee within. */
export const MAX_FEE_BPS = 5_000;

// ---------------------------------------------------------------- fields

export const networkField = z.enum(NETWORKS, { error: 'FIELD_INVALID' });
export const reviewStatus = z.enum(REVIEW_STATUSES, { error: 'FIELD_INVALID' });
export const idField = z
  .number({ error: 'FIELD_REQUIRED' })
  .int({ error: 'FIELD_INTEGER' })
  .min(1, { error: 'FIELD_INVALID' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'FIELD_INVALID' });
/** A reason a merchant reads: it may span lines, as typed in the console's text area. */
export const reasonField = text({ error: 'FIELD_REQUIRED', multiline: true })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(500, { error: 'FIELD_TOO_LONG' });

/** A top-up amount: not zero ('Cannot be zero'), at least 100 ('Minimum top-up 100'). */
export const topupAmount = moneyIn
  .refine((v) => v !== 0, { error: 'CANNOT_BE_ZERO', abort: true })
  // `params` fill the message's {min} (the server's catalogues and the web read them).
  .refine((v) => v >= MIN_TOPUP_MINOR, { error: 'MIN_TOPUP', params: { min: formatMoney(MIN_TOPUP_MINOR) } });

/** A withdrawal amount: not zero; the balance and the minimum are checked by the server. */
export const withdrawAmount = moneyIn.refine((v) => v !== 0, { error: 'CANNOT_BE_ZERO' });

// ---------------------------------------------------------------- shapes

export const depositNetwork = z.object({
  network: z.enum(NETWORKS),
  currency: z.enum(CURRENCIES),
  address: z.string(),
});

/**
 * A network on the merchant's chain deposit screen. `own`: the address is this merchant's own, the
 * chain watcher credits what arrives there after `confirmations` (no voucher, no review); otherwise
 * it is the platform's shared address and the merchant declares the top-up with a voucher.
 */
export const merchantDepositNetwork = depositNetwork.extend({
  own: z.boolean(),
  confirmations: z.number().int(),
  /** The token's contract on the network (own addresses only): what to send, and nothing else. */
  token_contract: z.string().nullable(),
});

/** A watched transfer's facts on its top-up record; null for a declared (voucher) top-up. */
export const chainFacts = z.object({
  tx_hash: z.string(),
  log_index: z.number().int(),
  block: z.number().int(),
  from: z.string(),
  /** The exact amount sent, in the token's units ("100.123456"); `amount` is it in cents, cut down. */
  token_amount: z.string(),
  /** How many blocks have it (its own included), counted up to `required`. */
  confirmations: z.number().int(),
  required: z.number().int(),
  /**
   * Confirmed, but below the minimum top-up: it waits, and is credited (with the others waiting)
   * once this merchant's waiting transfers reach the minimum.
   */
  below_minimum: z.boolean(),
});
export type ChainFacts = z.infer<typeof chainFacts>;

export const rechargeItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method: z.enum(RECHARGE_METHODS),
  network: z.enum(NETWORKS).nullable(),
  /** The platform deposit address shown when the top-up was made (chain only). */
  address: z.string().nullable(),
  amount: moneyOut,
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
  /** The merchant's proof of a declared top-up; null for a transfer the chain watcher saw. */
  voucher_url: z.string().nullable(),
  /** A watched transfer's facts (chain top-ups to the merchant's own address); null otherwise. */
  chain: chainFacts.nullable(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
});
export type RechargeItem = z.infer<typeof rechargeItem>;

export const maskedBank = z.object({
  holder_name: z.string(),
  bank_name: z.string(),
  /** Only the last 4 digits: "**** **** 1234". */
  account_number: z.string(),
  updated_at: isoTime,
});

export const withdrawalItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method: z.enum(WITHDRAW_METHODS),
  amount: moneyOut,
  fee: moneyOut,
  /** What arrives: amount − fee. */
  actual: moneyOut,
  currency: z.enum(CURRENCIES).nullable(),
  network: z.enum(NETWORKS).nullable(),
  address: z.string().nullable(),
  bank: maskedBank.omit({ updated_at: true }).nullable(),
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
  /**
   * The payout clock: when the platform promised to have paid it (asked + the processing hours of
   * that moment), the promise in hours, and, once paid, whether it was paid within it (null while
   * pending, rejected or cancelled). Late = pending past `due_at`.
   */
  due_at: isoTime,
  promise_hours: z.number().int(),
  paid_within: z.boolean().nullable(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

export const feeRule = z.object({
  /** Basis points of the amount (100 = 1%), rounded half-up to the cent. */
  bps: z.number().int(),
  /** Added to every withdrawal. */
  fixed: moneyOut,
});

const merchantRef = z.object({
  id: z.number().int(),
  real_name: z.string(),
  phone: z.string(),
  shop_name: z.string(),
});

/** A merchant's top-ups so far, by outcome (the reviewer's "history" beside a top-up). */
export const rechargeHistory = z.object({
  approved: z.number().int(),
  approved_total: moneyOut,
  rejected: z.number().int(),
  cancelled: z.number().int(),
  /** Pending, this one included. */
  pending: z.number().int(),
  first_at: isoTime.nullable(),
});

/** How many of a merchant's latest wallet postings a withdrawal in review shows. */
export const RECENT_ACTIVITY = 5;
/** One wallet posting as a review shows it (the funds records' line, shortened). */
export const recentPosting = z.object({
  journal_type: z.enum(JOURNAL_TYPES),
  /** Signed: + into the wallet, − out of it. */
  amount: moneyOut,
  balance_after: moneyOut,
  reason: z.string().nullable(),
  created_at: isoTime,
});

// ---------------------------------------------------------------- bodies

export const rechargeBody = z
  .strictObject({
    method: z.enum(RECHARGE_METHODS, { error: 'FIELD_INVALID' }),
    amount: topupAmount,
    voucher: uploadRef,
    /** Required for `chain`, ignored otherwise. */
    network: networkField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'chain' && !body.network)
      ctx.addIssue({ code: 'custom', path: ['network'], message: 'FIELD_REQUIRED' });
  });
export type RechargeBody = z.input<typeof rechargeBody>;

export const extractBody = z
  .strictObject({
    method: z.enum(WITHDRAW_METHODS, { error: 'FIELD_INVALID' }),
    amount: withdrawAmount,
    pay_password: payPasswordField,
    /** Chain withdrawals: currency (USDT), network and the destination address. */
    currency: z.enum(CURRENCIES, { error: 'FIELD_INVALID' }).optional(),
    network: networkField.optional(),
    address: text({ error: 'FIELD_INVALID' }).trim().max(128, { error: 'ADDRESS_INVALID' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'blockchain') return;
    if (!body.network) ctx.addIssue({ code: 'custom', path: ['network'], message: 'FIELD_REQUIRED' });
    if (!body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'FIELD_REQUIRED' });
    else if (body.network && !isAddressOf(body.network, body.address))
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'ADDRESS_INVALID' });
  });
export type ExtractBody = z.input<typeof extractBody>;

export const idBody = z.strictObject({ id: idField });
/**
 * A review's rejection: a `reason` typed by the operator, or one of the queue's preset
 * `reason_code`s (contract/reasons.ts), exactly one of the two. The server stores a code as its text
 * in the merchant's language, so the merchant reads either the same way.
 */
export function rejectBodyOf<Q extends ReasonQueue>(queue: Q) {
  return z
    .strictObject({
      id: idField,
      reason: reasonField.optional(),
      reason_code: z.enum(reasonCodes(queue), { error: 'FIELD_CHOOSE' }).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.reason !== undefined && body.reason_code !== undefined)
        ctx.addIssue({ code: 'custom', path: ['reason_code'], message: 'FIELD_REASON_ONE' });
      else if (body.reason === undefined && body.reason_code === undefined)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'FIELD_REQUIRED' });
    });
}
export const rejectRechargeBody = rejectBodyOf('recharge');
export const rejectWithdrawalBody = rejectBodyOf('withdrawal');

const listQuery = z.object({ ...pageQuery, status: reviewStatus.optional() });
const adminListQuery = z.object({
  ...pageQuery,
  status: reviewStatus.optional(),
  merchant_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
});

export const depositAddressBody = z
  .strictObject({
    network: networkField,
    address: text({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }).max(128),
    enabled: z.boolean({ error: 'FIELD_INVALID' }).default(true),
  })
  .superRefine((body, ctx) => {
    if (!isAddressOf(body.network, body.address))
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'ADDRESS_INVALID' });
  });

export const walletSettings = z.object({
  withdraw_fee_bps: z.number().int(),
  withdraw_fee_fixed: moneyOut,
  withdraw_min: moneyOut,
  /** The processing time promised on the withdrawal screen, in hours. */
  processing_hours: z.number().int(),
});

export const walletSettingsBody = z.strictObject({
  withdraw_fee_bps: z
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'FIELD_INTEGER' })
    .min(0, { error: 'FIELD_TOO_SMALL' })
    .max(MAX_FEE_BPS, { error: 'FIELD_TOO_BIG' }),
  withdraw_fee_fixed: moneyIn,
  withdraw_min: moneyIn.refine((v) => v > 0 && v <= MAX_AMOUNT_MINOR, { error: 'CANNOT_BE_ZERO' }),
  processing_hours: z
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'FIELD_INTEGER' })
    .min(1, { error: 'FIELD_TOO_SMALL' })
    .max(24 * 30, { error: 'FIELD_TOO_BIG' }),
});

// ---------------------------------------------------------------- routes

export const walletRoutes = {
  getBlockchain: defineRoute({
    ...walletPaths.getBlockchain,
    summary:
      "Chain deposit: the networks, each with the merchant's own address (watched, credited by the chain) or the platform's, and the notes",
    refusals: [],
    data: z.object({
      networks: z.array(merchantDepositNetwork),
      confirmations: z.number().int(),
      unsupported: z.array(z.enum(UNSUPPORTED_DEPOSIT_SOURCES)),
      min_topup: moneyOut,
    }),
  }),
  recharge: defineRoute({
    ...walletPaths.recharge,
    writes: true,
    idempotent: true,
    summary: 'Ask for a top-up (pending until an operator approves it)',
    refusals: [
      'INVALID_INPUT',
      'CANNOT_BE_ZERO',
      'MIN_TOPUP',
      'UPLOAD_INVALID',
      'METHOD_UNAVAILABLE',
      'NETWORK_UNAVAILABLE',
      'NETWORK_WATCHED',
      'VOUCHER_USED',
    ],
    body: rechargeBody,
    data: rechargeItem,
  }),
  rechargeLog: defineRoute({
    ...walletPaths.rechargeLog,
    summary:
      'Top-up records, newest first, with the sums of every record kept (the pending top-ups behind the "now" figure)',
    refusals: ['INVALID_INPUT'],
    query: listQuery,
    data: pageOf(rechargeItem).extend({
      /** Of every record the filter keeps (not only this page): how many, and Σ amount. */
      sums: z.object({ count: z.number().int(), amount: moneyOut }),
    }),
  }),
  rechargeCancel: defineRoute({
    ...walletPaths.rechargeCancel,
    writes: true,
    summary: 'Cancel a pending top-up (not one the chain credits)',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED', 'CREDITED_BY_CHAIN'],
    body: idBody,
    data: rechargeItem,
  }),
  extractInfo: defineRoute({
    ...walletPaths.extractInfo,
    summary: 'What the withdrawal screen needs: balance, fee rule, minimum, saved card and addresses',
    refusals: [],
    data: z.object({
      balance: moneyOut,
      fee: feeRule,
      min: moneyOut,
      processing_hours: z.number().int(),
      currencies: z.array(z.enum(CURRENCIES)),
      networks: z.array(z.enum(NETWORKS)),
      kyc_status: z.enum(['unverified', 'pending', 'verified', 'rejected']),
      bank: maskedBank.nullable(),
      addresses: z.array(z.object({ network: z.enum(NETWORKS), address: z.string() })),
    }),
  }),
  extract: defineRoute({
    ...walletPaths.extract,
    writes: true,
    idempotent: true,
    summary: 'Withdraw: the amount moves to a hold until an operator pays it out or releases it',
    refusals: [
      'INVALID_INPUT',
      'CANNOT_BE_ZERO',
      'ADDRESS_INVALID',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      'KYC_REQUIRED',
      'BANK_REQUIRED',
      'MIN_WITHDRAWAL',
      'CANNOT_EXCEED_BALANCE',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: extractBody,
    data: withdrawalItem.extend({ balance: moneyOut }),
  }),
  extractLog: defineRoute({
    ...walletPaths.extractLog,
    summary: 'Withdrawal records, newest first',
    refusals: ['INVALID_INPUT'],
    query: listQuery,
    data: pageOf(withdrawalItem),
  }),
  extractCancel: defineRoute({
    ...walletPaths.extractCancel,
    writes: true,
    idempotent: true,
    summary: 'Cancel a pending withdrawal; the hold returns to the wallet',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: idBody,
    data: withdrawalItem.extend({ balance: moneyOut }),
  }),
} as const;

export const adminWalletRoutes = {
  recharges: defineRoute({
    ...adminWalletPaths.recharges,
    roles: REVIEWERS,
    summary:
      "Top-ups to review (all statuses with `status` unset), oldest first, each with the merchant's top-up history",
    refusals: ['INVALID_INPUT'],
    query: adminListQuery,
    data: pageOf(rechargeItem.extend({ merchant: merchantRef, history: rechargeHistory })),
  }),
  approveRecharge: defineRoute({
    ...adminWalletPaths.approveRecharge,
    roles: REVIEWERS,
    idempotent: true,
    summary: "Approve a pending top-up: credits the merchant's wallet",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED', 'CREDITED_BY_CHAIN'],
    body: idBody,
    data: rechargeItem,
  }),
  rejectRecharge: defineRoute({
    ...adminWalletPaths.rejectRecharge,
    roles: REVIEWERS,
    idempotent: true,
    summary:
      "Reject a pending top-up with a reason the merchant reads: typed (`reason`) or preset (`reason_code`, stored in the merchant's language)",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED', 'CREDITED_BY_CHAIN'],
    body: rejectRechargeBody,
    data: rechargeItem,
  }),
  withdrawals: defineRoute({
    ...adminWalletPaths.withdrawals,
    roles: REVIEWERS,
    summary:
      "Withdrawals to review (full destination details), soonest due first (the ones past their payout promise lead), each with the merchant's balance, hold and recent funds records",
    refusals: ['INVALID_INPUT'],
    query: adminListQuery,
    data: pageOf(
      withdrawalItem.extend({
        merchant: merchantRef,
        bank: z
          .object({ holder_name: z.string(), bank_name: z.string(), account_number: z.string() })
          .nullable(),
        reference: z.string().nullable(),
        /** The merchant's wallet now, and what its withdrawal hold holds (this one included while pending). */
        wallet: z.object({ balance: moneyOut, hold: moneyOut }),
        /** The merchant's latest wallet postings, newest first (RECENT_ACTIVITY of them). */
        recent: z.array(recentPosting),
      }),
    ),
  }),
  approveWithdrawal: defineRoute({
    ...adminWalletPaths.approveWithdrawal,
    roles: REVIEWERS,
    idempotent: true,
    summary:
      'Mark a pending withdrawal paid with its payout reference (the bank transfer or chain transaction): the hold goes out (actual) and to revenue (fee)',
    refusals: [
      'INVALID_INPUT',
      'NOT_FOUND',
      'ALREADY_RESOLVED',
      'PAYOUT_NOT_FOUND',
      'PAYOUT_MISMATCH',
      'PAYOUT_REUSED',
      'CHAIN_UNREACHABLE',
    ],
    body: z.strictObject({
      id: idField,
      /** The bank's transfer reference or the chain transaction id; kept on the withdrawal and in the audit. */
      reference: text({ error: 'FIELD_INVALID' }).trim().max(200, { error: 'FIELD_TOO_LONG' }).optional(),
    }),
    data: withdrawalItem,
  }),
  rejectWithdrawal: defineRoute({
    ...adminWalletPaths.rejectWithdrawal,
    roles: REVIEWERS,
    idempotent: true,
    summary:
      "Reject a pending withdrawal: the hold returns to the wallet; a typed `reason` or a preset `reason_code` (stored in the merchant's language)",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: rejectWithdrawalBody,
    data: withdrawalItem,
  }),
  depositAddresses: defineRoute({
    ...adminWalletPaths.depositAddresses,
    roles: REVIEWERS,
    summary: "The platform's deposit address per network",
    refusals: [],
    data: z.object({
      list: z.array(depositNetwork.extend({ enabled: z.boolean(), updated_at: isoTime })),
    }),
  }),
  setDepositAddress: defineRoute({
    ...adminWalletPaths.setDepositAddress,
    roles: ADMINS,
    summary: 'Set (or disable) the deposit address of a network (admin role)',
    refusals: ['INVALID_INPUT', 'ADDRESS_INVALID'],
    body: depositAddressBody,
    data: depositNetwork.extend({ enabled: z.boolean(), updated_at: isoTime }),
  }),
  settings: defineRoute({
    ...adminWalletPaths.settings,
    roles: REVIEWERS,
    summary: 'Withdrawal fee, minimum and processing time',
    refusals: [],
    data: walletSettings,
  }),
  setSettings: defineRoute({
    ...adminWalletPaths.setSettings,
    roles: ADMINS,
    summary: 'Change the withdrawal fee, minimum and processing time (admin role)',
    refusals: ['INVALID_INPUT', 'CANNOT_BE_ZERO'],
    body: walletSettingsBody,
    data: walletSettings,
  }),
} as const;
