import { z } from 'zod';
import { currencyInfo, passwordField } from './account';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import * as adminPaths from './paths/admin';
import { ADMINS, defineRoute, OPERATOR_ROLES, type OperatorRole } from './route';
import { text } from './text';
import { idField } from './wallet';

export const operatorRoles = z.enum(OPERATOR_ROLES, { error: 'FIELD_CHOOSE' });
export type { OperatorRole };

/** Every operator, whatever its role: signing out and reading who one is. */
export const ANY_OPERATOR = OPERATOR_ROLES;

/** How long a login ticket (between the password and the code) lives. */
export const LOGIN_TICKET_MINUTES = 5;
/** Wrong codes a login ticket takes; after them it is dead and the login starts again. */
export const LOGIN_TICKET_ATTEMPTS = 5;

/**
 * A new operator's username: 3 to 32 lower-case letters, digits, dots, dashes or underscores (what
 * an authenticator app shows beside "Dropdesk"). Typed capitals are lowered.
 */
export const usernameField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9._-]{3,32}$/, { error: 'FIELD_USERNAME' }));

/** The 6 digits an authenticator app shows. */
export const totpCodeField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .regex(/^\d{6}$/, { error: 'FIELD_TOTP_CODE' });

const operatorSelf = z.object({ id: z.number(), username: z.string(), role: operatorRoles });

/** The first step's answer: a ticket for the code, and for an operator without a second factor its new secret. */
export const loginStep = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), ticket: z.string() }),
  z.object({
    step: z.literal('enroll'),
    ticket: z.string(),
    /** Base32, for typing into an authenticator app by hand. */
    secret: z.string(),
    /** `otpauth://totp/Dropdesk:<username>?secret=…&issuer=Dropdesk…`: the console draws it as a QR code. */
    otpauth_uri: z.string(),
  }),
]);

/** An operator as the admins' list shows it. */
export const operatorItem = z.object({
  id: z.number(),
  username: z.string(),
  role: operatorRoles,
  disabled: z.boolean(),
  totp_enrolled: z.boolean(),
  created_at: isoTime,
  last_login_at: isoTime.nullable(),
});

/**
 * Every action the server writes to the audit log, `<target kind>.<verb>`. The server's `audit()`
 * takes only these (its type), so a new action is added here first; the console names each one in
 * words in every language (`features/operators/components/audit-actions.ts`, held to this list by
 * its test).
 */
export const AUDIT_ACTIONS = [
  'operator.login',
  'operator.enrol_totp',
  'operator.logout',
  'operator.create',
  'operator.update',
  'operator.reset_totp',
  'recharge.approve',
  'recharge.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'kyc.approve',
  'kyc.reject',
  'refund.arbitrate.refund',
  'refund.arbitrate.reject',
  'adjustment.propose',
  'adjustment.approve',
  'adjustment.reject',
  'order.ship',
  'order.progress',
  'shop.close',
  'shop.reopen',
  'category.create',
  'category.update',
  'product.create',
  'product.update',
  'product.image.add',
  'product.import',
  'level.create',
  'level.update',
  'express_package.create',
  'express_package.update',
  'message.broadcast',
  'announcement.create',
  'announcement.update',
  'announcement.enable',
  'announcement.disable',
  'deposit_address.set',
  'chain_network.set',
  'chain_alert.resolve',
  'topup_bank_account.set',
  'topup_manual.set',
  'wallet_settings.set',
  'settings.service_contact',
  'alliance.rate',
  'ledger.check',
  'invite.create',
  'statement.produce',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Every kind of target the server writes to the audit log (`target_type`; its `target_id` says
 * which one). Like the actions, the server's `audit()` takes only these (its type), so a new kind
 * is added here first; the console names each one in words in every language
 * (`features/operators/components/audit-targets.ts`, held to this list by its test) and offers
 * them as the target type filter.
 */
export const AUDIT_TARGETS = [
  'operator',
  'session',
  'merchant',
  'kyc',
  'recharge',
  'withdrawal',
  'balance_adjustment',
  'order',
  'refund',
  'category',
  'product',
  'level',
  'express_package',
  'system_message',
  'announcement',
  'network',
  'chain_alert',
  'topup_bank_account',
  'topup_manual',
  'wallet_settings',
  'platform',
  'alliance_settings',
  'ledger_check',
  'invitation_code',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** A JSON object recorded with an audit entry (`before`, `after`, `detail`), or null. */
const auditValue = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id: z.number(),
  /** Null for what the command line (`npm run ops`) did. */
  operator: z.object({ id: z.number(), username: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: auditValue,
  after: auditValue,
  detail: auditValue,
  created_at: isoTime,
});

/** A time in a query: ISO 8601 with its offset (`2026-11-22T08:00:00Z`), read as epoch ms. */
const queryTime = z
  .string()
  .max(40, { error: 'FIELD_INVALID' })
  .pipe(z.iso.datetime({ offset: true, error: 'FIELD_INVALID' }))
  .transform((s) => Date.parse(s));

const filterText = text().trim().min(1, { error: 'FIELD_REQUIRED' }).max(64, { error: 'FIELD_TOO_LONG' });

export const auditQuery = z
  .strictObject({
    ...pageQuery,
    operator_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
    action: filterText.optional(),
    target_type: filterText.optional(),
    target_id: filterText.optional(),
    /** From this time on (inclusive). */
    from: queryTime.optional(),
    /** Before this time (exclusive). */
    to: queryTime.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    error: 'FIELD_INVALID',
    path: ['to'],
  });

export const adminRoutes = {
  login: defineRoute({
    ...adminPaths.login,
    summary:
      'Operator login, first step: the password. Answers a ticket for the code (`step: totp`), or with no second factor yet the secret to enrol (`step: enroll`); no session yet',
    refusals: ['INVALID_INPUT', 'INVALID_CREDENTIALS'],
    body: z.strictObject({
      username: text({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }).max(64),
      password: text({ error: 'FIELD_REQUIRED' }).min(1, { error: 'FIELD_REQUIRED' }).max(128),
    }),
    data: loginStep,
  }),
  loginTotp: defineRoute({
    ...adminPaths.loginTotp,
    summary:
      "Operator login, second step: the authenticator app's code for the ticket (an `enroll` ticket's right code records the enrolment). Opens the session",
    refusals: ['INVALID_INPUT', 'WRONG_TOTP', 'LOGIN_EXPIRED'],
    body: z.strictObject({
      ticket: text({ error: 'FIELD_REQUIRED' })
        .min(1, { error: 'FIELD_REQUIRED' })
        .max(128, { error: 'LOGIN_EXPIRED' }),
      code: totpCodeField,
    }),
    /** `currency`: the platform's one currency, which the console writes every amount in. */
    data: z.object({
      token: z.string(),
      operator: operatorSelf,
      idle_minutes: z.number(),
      currency: currencyInfo,
    }),
  }),
  logout: defineRoute({
    ...adminPaths.logout,
    roles: ANY_OPERATOR,
    summary: 'End this operator session',
    refusals: [],
    data: z.object({}),
  }),
  me: defineRoute({
    ...adminPaths.me,
    roles: ANY_OPERATOR,
    summary:
      "The signed-in operator, the minutes without a request after which its session ends, and the platform's currency",
    refusals: [],
    data: z.object({ operator: operatorSelf, idle_minutes: z.number(), currency: currencyInfo }),
  }),
  operators: defineRoute({
    ...adminPaths.operators,
    roles: ADMINS,
    summary: 'Operators, oldest first; `q` searches usernames',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({
      ...pageQuery,
      q: text().trim().max(32, { error: 'FIELD_TOO_LONG' }).optional(),
      role: operatorRoles.optional(),
      status: z.enum(['active', 'disabled'], { error: 'FIELD_CHOOSE' }).optional(),
    }),
    data: pageOf(operatorItem),
  }),
  createOperator: defineRoute({
    ...adminPaths.createOperator,
    roles: ADMINS,
    summary: 'Add an operator; it enrols its second factor at its first login; audited',
    refusals: ['INVALID_INPUT', 'USERNAME_TAKEN'],
    body: z.strictObject({ username: usernameField, password: passwordField, role: operatorRoles }),
    data: operatorItem,
  }),
  updateOperator: defineRoute({
    ...adminPaths.updateOperator,
    roles: ADMINS,
    summary:
      "Change an operator's role, or disable (its sessions end) or enable it; not one's own (CANNOT_CHANGE_SELF); audited",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'CANNOT_CHANGE_SELF'],
    body: z
      .strictObject({
        id: idField,
        role: operatorRoles.optional(),
        disabled: z.boolean({ error: 'FIELD_INVALID' }).optional(),
      })
      .refine((b) => b.role !== undefined || b.disabled !== undefined, {
        error: 'FIELD_REQUIRED',
        path: ['role'],
      }),
    data: operatorItem,
  }),
  resetTotp: defineRoute({
    ...adminPaths.resetTotp,
    roles: ADMINS,
    summary:
      "Remove an operator's second factor and end its sessions: its next login enrols again; not one's own (CANNOT_CHANGE_SELF); audited",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'CANNOT_CHANGE_SELF'],
    body: z.strictObject({ id: idField }),
    data: operatorItem,
  }),
  audit: defineRoute({
    ...adminPaths.audit,
    roles: ADMINS,
    summary:
      'The audit log, newest first: who did what to which target, with its values before and after; filters combine',
    refusals: ['INVALID_INPUT'],
    query: auditQuery,
    data: pageOf(auditEntry),
  }),
} as const;
