import { z } from 'zod';
import {
  COUNTRIES,
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAY_PASSWORD_LENGTH,
  UPLOAD_KINDS,
} from './constants';
import { isoTime } from './envelope';
import * as accountPaths from './paths/account';
import { defineRoute } from './route';
import { text } from './text';

// ---------------------------------------------------------------- fields

const requiredText = (max: number) =>
  text({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' });

export const phoneField = text({ error: 'FIELD_REQUIRED' })
  .transform((s) => s.replace(/[\s\-().]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'FIELD_REQUIRED' })
      .regex(/^\+?[1-9]\d{5,14}$/, { error: 'FIELD_PHONE' }),
  );

export const emailField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(254, { error: 'FIELD_TOO_LONG' })
  .pipe(z.email({ error: 'FIELD_EMAIL' }))
  .transform((s) => s.toLowerCase());

export const passwordField = text({ error: 'FIELD_REQUIRED' })
  .min(1, { error: 'FIELD_REQUIRED' })
  .min(PASSWORD_MIN_LENGTH, { error: 'FIELD_PASSWORD_LENGTH' })
  .max(PASSWORD_MAX_LENGTH, { error: 'FIELD_PASSWORD_LENGTH' });

/** The second entry of a new password (compared with the first by `same`). */
const confirmField = text({ error: 'FIELD_REQUIRED' })
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(PASSWORD_MAX_LENGTH, { error: 'FIELD_TOO_LONG' });

/** Any non-empty password as typed at login (policy is checked when one is set). */
const enteredPassword = text({ error: 'FIELD_REQUIRED' })
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(PASSWORD_MAX_LENGTH, { error: 'FIELD_TOO_LONG' });

export const payPasswordField = text({ error: 'PAY_PASSWORD_REQUIRED' })
  .min(1, { error: 'PAY_PASSWORD_REQUIRED' })
  .regex(new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`), { error: 'PAY_PASSWORD_FORMAT' });

/** A reference returned by common/upload. */
export const uploadRef = text({ error: 'FIELD_UPLOAD_REQUIRED' })
  .min(1, { error: 'FIELD_UPLOAD_REQUIRED' })
  .regex(/^u_[A-Za-z0-9_-]{22}$/, { error: 'UPLOAD_INVALID' });

export const inviteCodeField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(32, { error: 'INVITE_CODE_INVALID' })
  .transform((s) => s.toUpperCase());

/** Phone or email, for login and password reset. */
export const accountField = text({ error: 'ACCOUNT_REQUIRED' })
  .trim()
  .min(1, { error: 'ACCOUNT_REQUIRED' })
  .max(254, { error: 'FIELD_TOO_LONG' });

/**
 * The second entry of a password must equal the first ('Passwords entered do not match'). Checked
 * even when other fields fail (`when`), so a form shows the mismatch with the other messages at once.
 */
const same = (a: string, b: string) =>
  [
    (v: Record<string, unknown>) => v[a] === v[b],
    {
      path: [b],
      error: 'PASSWORDS_DO_NOT_MATCH',
      when: (payload: z.core.ParsePayload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => issue.path?.[0] === b),
    },
  ] as [
    (v: Record<string, unknown>) => boolean,
    { path: string[]; error: string; when: (payload: z.core.ParsePayload) => boolean },
  ];

// ---------------------------------------------------------------- shapes

export const kycStatus = z.enum(['unverified', 'pending', 'verified', 'rejected']);
export type KycStatus = z.infer<typeof kycStatus>;
export const merchantStatus = z.enum(['active', 'closed']);
export type MerchantStatus = z.infer<typeof merchantStatus>;

export const shopInfo = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  intro: z.string(),
  welcome: z.string(),
  service_link: z.string(),
  banner_url: z.string().nullable(),
  /** The advertisement banner (merchant/store_banner). */
  ad_banner_url: z.string().nullable(),
  twitter: z.string(),
  google: z.string(),
});

export const merInfo = z.object({
  id: z.number().int(),
  phone: z.string(),
  email: z.string(),
  real_name: z.string(),
  country: z.string(),
  /** IANA zone the finance report's days are cut in. */
  time_zone: z.string(),
  lang: z.enum(LANGUAGES),
  invite_code: z.string(),
  invite_link: z.string(),
  status: merchantStatus,
  closed_reason: z.string().nullable(),
  pay_password_set: z.boolean(),
  kyc_status: kycStatus,
  created_at: isoTime,
  balance: z.string().nullable(),
  level: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  shop: shopInfo,
});
export type MerInfo = z.infer<typeof merInfo>;

export const merInfoWithToken = z.object({ merinfo: merInfo.extend({ token: z.string() }) });

// ---------------------------------------------------------------- bodies

/** True for an IANA time zone this runtime knows ("Asia/Ho_Chi_Minh", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The merchant's time zone: finance reports cut days at its midnight. The app sends the phone's own
 * zone at registration; without one the shop keeps UTC.
 */
export const timeZoneField = text({ error: 'FIELD_INVALID' })
  .max(64, { error: 'FIELD_INVALID' })
  .refine(isTimeZone, { error: 'FIELD_INVALID' });

const registerFields = {
  store_logo: uploadRef,
  store_name: requiredText(60),
  store_address: requiredText(200),
  country: z.enum(COUNTRIES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'FIELD_CHOOSE' : 'FIELD_INVALID'),
  }),
  phone: phoneField,
  real_name: requiredText(60),
  id_card_front: uploadRef,
  id_card_back: uploadRef,
  id_card_hand: uploadRef,
  email: emailField,
  password: passwordField,
  password_confirm: confirmField,
  invite_code: inviteCodeField,
  business_license: uploadRef,
  time_zone: timeZoneField.optional(),
};

export const registerBody = z.strictObject(registerFields).refine(...same('password', 'password_confirm'));
export type RegisterBody = z.input<typeof registerBody>;

export const tkregisterBody = z
  .strictObject({ ...registerFields, data: text().min(1, { error: 'HANDOFF_INVALID' }).max(4096) })
  .refine(...same('password', 'password_confirm'));

export const loginBody = z.strictObject({
  account: accountField,
  password: enteredPassword,
  captcha_id: text().max(64).optional(),
  captcha: text().max(16).optional(),
});

export const verifyCodeBody = z.strictObject({ invite_code: inviteCodeField });

export const sendCodeBody = z.strictObject({ account: accountField });

export const resetPwdBody = z
  .strictObject({
    old_password: enteredPassword.optional(),
    account: accountField.optional(),
    code: text()
      .regex(/^\d{6}$/, { error: 'CODE_INVALID' })
      .optional(),
    password: passwordField,
    password_confirm: confirmField,
  })
  .refine(...same('password', 'password_confirm'));

export const setPayPwdBody = z
  .strictObject({ pay_password: payPasswordField, pay_password_confirm: payPasswordField })
  .refine(...same('pay_password', 'pay_password_confirm'));

export const resetPayBody = z
  .strictObject({
    pay_password: payPasswordField,
    pay_password_confirm: payPasswordField,
    old_pay_password: payPasswordField.optional(),
    password: enteredPassword.optional(),
  })
  .refine(...same('pay_password', 'pay_password_confirm'));

export const verifyPayBody = z.strictObject({ pay_password: payPasswordField });

export const thirdBody = z.strictObject({
  data: text({ error: 'HANDOFF_INVALID' }).min(1, { error: 'HANDOFF_INVALID' }).max(4096),
  code: text().max(32).optional(),
  mer: text().max(64).optional(),
});

export const setTimeZoneBody = z.strictObject({
  time_zone: text({ error: 'FIELD_REQUIRED' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(64, { error: 'FIELD_INVALID' })
    .refine(isTimeZone, { error: 'FIELD_INVALID' }),
});

export const setLanguageQuery = z.strictObject({ lang: z.enum(LANGUAGES, { error: 'FIELD_INVALID' }) });

export const uploadKindField = z.enum(UPLOAD_KINDS, { error: 'FIELD_INVALID' });

// ---------------------------------------------------------------- routes

const languageItem = z.object({ code: z.enum(LANGUAGES), name: z.string() });

/**
 * The platform's one currency (docs/design.md §1.3): every amount is in it, settled in USDT on chain. Set
 * per deployment (`CURRENCY`, default USD, docs/decisions.md); the apps read it once from `config`.
 */
export const currencyInfo = z.object({
  /** ISO 4217, e.g. "USD". */
  code: z.string(),
  /** Shown beside an amount, e.g. "$". */
  symbol: z.string(),
});
export type CurrencyInfo = z.infer<typeof currencyInfo>;

/**
 * What a paying action's payment-password check can answer (PayPasswords.check on the server):
 * not set, wrong, locked, and RATE_LIMITED when checks in flight stay full past the wait.
 */
export const PAY_PASSWORD_CHECK_REFUSALS = [
  'PAY_PASSWORD_NOT_SET',
  'WRONG_PAY_PASSWORD',
  'PAY_PASSWORD_LOCKED',
  'RATE_LIMITED',
] as const;

/** What registration can answer, by itself or through a partner's handoff (tkregister). */
const REGISTER_REFUSALS = [
  'INVALID_INPUT',
  'UPLOAD_INVALID',
  'INVITE_CODE_INVALID',
  'PASSWORDS_DO_NOT_MATCH',
  'PHONE_TAKEN',
  'EMAIL_TAKEN',
] as const;

export const accountRoutes = {
  config: defineRoute({
    ...accountPaths.config,
    summary: 'Public settings the app needs before login',
    refusals: [],
    data: z.object({
      /** The platform's customer-service link (operators set it: /admin/service_contact); '' for none. */
      service_url: z.string(),
      /** What customer service says besides the link (hours, an address); '' for nothing. */
      service_text: z.string(),
      invite_base_url: z.string(),
      languages: z.array(languageItem),
      countries: z.array(z.string()),
      min_topup: z.string(),
      currency: currencyInfo,
    }),
  }),
  captcha: defineRoute({
    ...accountPaths.captcha,
    summary: 'A new captcha image (data URL) and its id',
    refusals: [],
    data: z.object({ captcha_id: z.string(), image: z.string() }),
  }),
  upload: defineRoute({
    ...accountPaths.upload,
    multipart: true,
    summary:
      "Upload an image (multipart `file` and `kind`); returns its reference and where to read it: a public kind's path, a private kind's link signed for the uploader (minutes long), or null for a private kind uploaded before sign-up",
    refusals: ['INVALID_INPUT', 'UNSUPPORTED_FILE', 'SHOP_CLOSED'],
    data: z.object({
      id: z.string(),
      /** A public file's path; a private file's signed link for the uploader; null before sign-up. */
      url: z.string().nullable(),
      kind: uploadKindField,
      private: z.boolean(),
    }),
  }),
  verifyCode: defineRoute({
    ...accountPaths.verifyCode,
    summary: 'Check an invitation code before registering',
    refusals: ['INVALID_INPUT', 'INVITE_CODE_INVALID'],
    body: verifyCodeBody,
    data: z.object({ valid: z.boolean(), owner: z.string().nullable() }),
  }),
  register: defineRoute({
    ...accountPaths.register,
    summary: 'Register a merchant and its shop with an invitation code',
    refusals: REGISTER_REFUSALS,
    body: registerBody,
    data: merInfoWithToken,
  }),
  login: defineRoute({
    ...accountPaths.login,
    summary: 'Log in with phone or email and password',
    refusals: [
      'INVALID_INPUT',
      'ACCOUNT_REQUIRED',
      'CAPTCHA_REQUIRED',
      'CAPTCHA_INVALID',
      'INVALID_CREDENTIALS',
    ],
    body: loginBody,
    data: merInfoWithToken,
  }),
  logout: defineRoute({
    ...accountPaths.logout,
    summary: 'Revoke this session',
    refusals: [],
    data: z.null(),
  }),
  getMerInfo: defineRoute({
    ...accountPaths.getMerInfo,
    summary: 'The merchant and shop',
    refusals: [],
    data: merInfo,
  }),
  sendCode: defineRoute({
    ...accountPaths.sendCode,
    summary: 'Send a password reset code to a phone or email',
    refusals: ['INVALID_INPUT', 'ACCOUNT_REQUIRED'],
    body: sendCodeBody,
    data: z.object({ sent: z.literal(true) }),
  }),
  resetPwd: defineRoute({
    ...accountPaths.resetPwd,
    summary: 'Change the login password (logged in) or reset it with a code',
    refusals: [
      'INVALID_INPUT',
      'ACCOUNT_REQUIRED',
      'CODE_INVALID',
      'WRONG_PASSWORD',
      'PASSWORD_UNCHANGED',
      'PASSWORDS_DO_NOT_MATCH',
    ],
    body: resetPwdBody,
    data: z.null(),
  }),
  setPayPwd: defineRoute({
    ...accountPaths.setPayPwd,
    writes: true,
    summary: 'Set the payment password (once)',
    refusals: [
      'INVALID_INPUT',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      'PASSWORDS_DO_NOT_MATCH',
      'PAY_PASSWORD_ALREADY_SET',
    ],
    body: setPayPwdBody,
    data: z.null(),
  }),
  resetPay: defineRoute({
    ...accountPaths.resetPay,
    writes: true,
    summary: 'Change the payment password with the old one or the login password',
    refusals: [
      'INVALID_INPUT',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      'PASSWORDS_DO_NOT_MATCH',
      'WRONG_PASSWORD',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: resetPayBody,
    data: z.null(),
  }),
  verifyPay: defineRoute({
    ...accountPaths.verifyPay,
    summary: 'Check the payment password',
    refusals: [
      'INVALID_INPUT',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: verifyPayBody,
    data: z.object({ ok: z.literal(true) }),
  }),
  third: defineRoute({
    ...accountPaths.third,
    summary: 'Third-party sign-in with a signed handoff',
    refusals: ['INVALID_INPUT', 'HANDOFF_INVALID', 'HANDOFF_EXPIRED', 'HANDOFF_USED'],
    body: thirdBody,
    data: z.union([
      z.object({ status: z.literal(0), data: z.string(), code: z.string().nullable() }),
      z.object({ status: z.literal(1), merinfo: merInfoWithToken.shape.merinfo }),
    ]),
  }),
  tkregister: defineRoute({
    ...accountPaths.tkregister,
    summary: 'Register through a third-party handoff and link it',
    refusals: [
      ...REGISTER_REFUSALS,
      'HANDOFF_INVALID',
      'HANDOFF_EXPIRED',
      'HANDOFF_USED',
      'HANDOFF_ALREADY_LINKED',
    ],
    body: tkregisterBody,
    data: merInfoWithToken,
  }),
  setLanguage: defineRoute({
    ...accountPaths.setLanguage,
    summary: "Save the merchant's language",
    refusals: ['INVALID_INPUT'],
    query: setLanguageQuery,
    data: z.object({ lang: z.enum(LANGUAGES) }),
  }),
  setTimeZone: defineRoute({
    ...accountPaths.setTimeZone,
    summary: "Change the merchant's time zone (an IANA zone): the finance report's days are cut in it",
    refusals: ['INVALID_INPUT'],
    body: setTimeZoneBody,
    data: z.object({ time_zone: z.string() }),
  }),
  languageList: defineRoute({
    ...accountPaths.languageList,
    summary: 'The languages offered',
    refusals: [],
    data: z.object({ list: z.array(languageItem) }),
  }),
} as const;
