import { z } from 'zod';
import { isoTime } from './envelope';
import { accountNumberField } from './kyc';
import * as adminSettingsPaths from './paths/admin-settings';
import * as settingsPaths from './paths/settings';
import { ADMINS, defineRoute, REVIEWERS } from './route';
import { text } from './text';

// ---------------------------------------------------------------- the top-up bank account

/**
 * What a reference rule may say: each placeholder stands for something of the merchant's, so each
 * merchant gets its own transfer reference and a reviewer can tell whose transfer arrived.
 */
export const REFERENCE_PLACEHOLDERS = ['merchant_id', 'invite_code'] as const;
export type ReferencePlaceholder = (typeof REFERENCE_PLACEHOLDERS)[number];
export const REFERENCE_RULE_MAX_LENGTH = 32;

/**
 * True for a rule like `DD{merchant_id}`: letters, digits and dashes (what banks keep in a transfer
 * note), and at least one placeholder, each of them known.
 */
export function isReferenceRule(rule: string): boolean {
  const parts = rule.split(/(\{[^}]*\})/).filter((p) => p !== '');
  let placeholders = 0;
  for (const part of parts) {
    if (part.startsWith('{')) {
      if (!(REFERENCE_PLACEHOLDERS as readonly string[]).includes(part.slice(1, -1))) return false;
      placeholders++;
    } else if (!/^[A-Za-z0-9-]+$/.test(part)) return false;
  }
  return placeholders > 0;
}

/** The merchant's own transfer reference: the rule with its placeholders filled in. */
export function transferReference(
  rule: string,
  merchant: { [K in ReferencePlaceholder]: string | number },
): string {
  return rule.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in merchant ? String(merchant[name as ReferencePlaceholder]) : whole,
  );
}

const requiredText = (max: number) =>
  text({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' });

export const topupBankAccountBody = z.strictObject({
  bank_name: requiredText(100),
  holder_name: requiredText(60),
  account_number: accountNumberField,
  reference_rule: requiredText(REFERENCE_RULE_MAX_LENGTH).refine(isReferenceRule, {
    error: 'FIELD_REFERENCE_RULE',
  }),
  /** false closes the bank-card method again without forgetting the account. */
  enabled: z.boolean({ error: 'FIELD_INVALID' }).default(true),
});
export type TopupBankAccountBody = z.input<typeof topupBankAccountBody>;

/** As operators configure it. */
export const topupBankAccount = z.object({
  bank_name: z.string(),
  holder_name: z.string(),
  account_number: z.string(),
  reference_rule: z.string(),
  enabled: z.boolean(),
  updated_at: isoTime,
});

/** As a merchant pays into it: the account in full and the merchant's own transfer reference. */
export const merchantBankAccount = z.object({
  bank_name: z.string(),
  holder_name: z.string(),
  account_number: z.string(),
  reference: z.string(),
});

// ---------------------------------------------------------------- the manual deposit instructions

/** Most characters of the manual deposit instructions. */
export const MANUAL_INSTRUCTIONS_MAX = 1_000;

/**
 * A manual deposit is paid as the platform's own instructions say (cash at an office, an agent, a
 * wallet app...), then declared by hand with its receipt; a bank-card deposit is a transfer to the
 * receiving bank account above. Each is open once an admin has configured its own thing.
 * `instructions` is plain text as the admin typed it (line breaks kept, never HTML).
 */
export const topupManualBody = z.strictObject({
  instructions: text({ error: 'FIELD_REQUIRED', multiline: true })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(MANUAL_INSTRUCTIONS_MAX, { error: 'FIELD_TOO_LONG' }),
  /** false closes the manual method again without forgetting the instructions. */
  enabled: z.boolean({ error: 'FIELD_INVALID' }).default(true),
});
export type TopupManualBody = z.input<typeof topupManualBody>;

/** As operators configure them. */
export const topupManual = z.object({
  instructions: z.string(),
  enabled: z.boolean(),
  updated_at: isoTime,
});

// ---------------------------------------------------------------- routes

export const settingsRoutes = {
  getBankAccount: defineRoute({
    ...settingsPaths.getBankAccount,
    summary:
      "Bank-card top-up: the platform's receiving account and this merchant's transfer reference (null: the method is not open)",
    refusals: [],
    data: z.object({ account: merchantBankAccount.nullable() }),
  }),
  getManualDeposit: defineRoute({
    ...settingsPaths.getManualDeposit,
    summary:
      'Manual top-up: how the platform takes a deposit by hand, as an admin wrote it (null: the method is not open)',
    refusals: [],
    data: z.object({ manual: z.object({ instructions: z.string() }).nullable() }),
  }),
} as const;

export const adminSettingsRoutes = {
  bankAccount: defineRoute({
    ...adminSettingsPaths.bankAccount,
    roles: REVIEWERS,
    summary: 'The receiving bank account for bank-card top-ups (null: not configured)',
    refusals: [],
    data: z.object({ account: topupBankAccount.nullable() }),
  }),
  setBankAccount: defineRoute({
    ...adminSettingsPaths.setBankAccount,
    roles: ADMINS,
    summary: 'Set (or disable) the receiving bank account and its reference rule (admin role)',
    refusals: ['INVALID_INPUT', 'ACCOUNT_NUMBER_INVALID'],
    body: topupBankAccountBody,
    data: topupBankAccount,
  }),
  manualDeposit: defineRoute({
    ...adminSettingsPaths.manualDeposit,
    roles: REVIEWERS,
    summary: 'The instructions of manual top-ups (null: not configured)',
    refusals: [],
    data: z.object({ manual: topupManual.nullable() }),
  }),
  setManualDeposit: defineRoute({
    ...adminSettingsPaths.setManualDeposit,
    roles: ADMINS,
    summary: 'Set (or disable) the instructions of manual top-ups (admin role); audited',
    refusals: ['INVALID_INPUT'],
    body: topupManualBody,
    data: topupManual,
  }),
} as const;
