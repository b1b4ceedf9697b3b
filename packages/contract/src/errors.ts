/**
 * Stable refusal keys. Every key has a message in each of the 7 languages on the server
 * (packages/contract/messages, read by the server and the web app). Clients branch on the key, never on the message.
 */
export const ERROR_KEYS = [
  // transport and generic
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'SHOP_CLOSED',
  // accounts
  'INVALID_CREDENTIALS',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'INVITE_CODE_INVALID',
  'PHONE_TAKEN',
  'EMAIL_TAKEN',
  'UPLOAD_INVALID',
  'PASSWORDS_DO_NOT_MATCH',
  'WRONG_PASSWORD',
  'ACCOUNT_REQUIRED',
  'CODE_INVALID',
  'CODE_TOO_SOON',
  'PAY_PASSWORD_REQUIRED',
  'PAY_PASSWORD_FORMAT',
  'PAY_PASSWORD_NOT_SET',
  'PAY_PASSWORD_ALREADY_SET',
  'WRONG_PAY_PASSWORD',
  'PAY_PASSWORD_LOCKED',
  'HANDOFF_INVALID',
  'HANDOFF_EXPIRED',
  'HANDOFF_USED',
  'HANDOFF_ALREADY_LINKED',
  'UNSUPPORTED_FILE',
  'FILE_TOO_LARGE',
  // wallet, ledger, identity and bank
  'CANNOT_BE_ZERO',
  'CANNOT_EXCEED_BALANCE',
  'MIN_TOPUP',
  'MIN_WITHDRAWAL',
  'INSUFFICIENT_BALANCE',
  'KYC_REQUIRED',
  'KYC_IN_PROGRESS',
  'KYC_ALREADY_VERIFIED',
  'BANK_REQUIRED',
  'ADDRESS_INVALID',
  'NETWORK_UNAVAILABLE',
  'VOUCHER_USED',
  'ALREADY_RESOLVED',
  'ID_NUMBER_INVALID',
  'ACCOUNT_NUMBER_INVALID',
  'METHOD_UNAVAILABLE',
  'PASSWORD_UNCHANGED',
  // chain deposits
  'NETWORK_WATCHED',
  'CREDITED_BY_CHAIN',
  'XPUB_LOCKED',
  'WATCHER_UNAVAILABLE',
  'PAYOUT_NOT_FOUND',
  'PAYOUT_MISMATCH',
  'PAYOUT_REUSED',
  'CHAIN_UNREACHABLE',
  // catalogue, levels and listing
  'SELECT_PRODUCT',
  'LEVEL_NOT_NEXT',
  'CATEGORY_TOO_DEEP',
  // orders, storefront and refunds
  'ORDER_NOT_AWAITING_PICKUP',
  'BALANCE_SHORT',
  'SELECT_ORDER',
  'ORDER_STATUS_CHANGED',
  'NOT_ON_SALE',
  'OUT_OF_STOCK',
  'ALREADY_RATED',
  'REFUND_EXISTS',
  'REFUND_TOO_MUCH',
  'REFUND_WHOLE_ORDER',
  // dashboard
  // messages and announcements
  'MERCHANT_UNKNOWN',
  // shop settings
  'SHOP_ALREADY_CLOSED',
  'SHOP_NOT_CLOSED',
  // express lane
  'PACKAGE_NOT_ON_SALE',
  'PACKAGE_BALANCE_SHORT',
  'TOO_MANY_PRODUCTS',
  'NOT_ON_SHELF',
  'ALREADY_FEATURED',
  // alliance
  // operators and security
  'WRONG_TOTP',
  'LOGIN_EXPIRED',
  'USERNAME_TAKEN',
  'CANNOT_CHANGE_SELF',
  // operator console: a balance adjustment approved by the admin who proposed it
  'SELF_APPROVAL',
  // the security centre: the session a request is made with ends with logout, not from the list
  'SESSION_IS_CURRENT',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/**
 * Messages for field-level validation. A schema names one of these (or an ErrorKey) as its
 * zod `error`, and the server translates it; generic zod issues map to the FIELD_* keys.
 */
export const FIELD_MESSAGE_KEYS = [
  'FIELD_REQUIRED',
  'FIELD_UPLOAD_REQUIRED',
  'FIELD_CHOOSE',
  'FIELD_INVALID',
  'FIELD_UNKNOWN',
  'FIELD_TOO_SHORT',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SMALL',
  'FIELD_TOO_BIG',
  'FIELD_EMAIL',
  'FIELD_PHONE',
  'FIELD_HTTPS',
  // a link that starts with https:// but is no usable address (spaces, no host, a user:password@)
  'FIELD_URL',
  'FIELD_MONEY',
  'FIELD_INTEGER',
  'FIELD_PASSWORD_LENGTH',
  'FIELD_CONTROL_CHARS',
  // a statement's period: from on or before to, at most STATEMENT_MAX_DAYS days
  'FIELD_STATEMENT_PERIOD',
  // amounts (contract/money.ts moneyProblem): each says what is wrong
  'FIELD_NOT_A_NUMBER',
  'FIELD_NEGATIVE',
  'FIELD_AMOUNT_TOO_BIG',
  'FIELD_REFERENCE_RULE',
  'FIELD_XPUB',
  'FIELD_TX_HASH',
  // CSV import: a category cell that names none, or two
  'FIELD_CATEGORY_UNKNOWN',
  'FIELD_CATEGORY_AMBIGUOUS',
  // operators: a new operator's username, an authenticator app's code
  'FIELD_USERNAME',
  'FIELD_TOTP_CODE',
  // a review's rejection names a preset reason or types one, not both
  'FIELD_REASON_ONE',
] as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

/**
 * The texts of the preset reasons an operator may reject a review with (contract/reasons.ts): the
 * server stores the text in the merchant's language as the request's reason, so the merchant app
 * shows it as it shows a typed one.
 */
export const REASON_MESSAGE_KEYS = [
  // top-ups
  'REASON_VOUCHER_UNREADABLE',
  'REASON_AMOUNT_MISMATCH',
  'REASON_NOT_RECEIVED',
  // not an operator's: the chain watcher's, when a transfer's block left the chain before it was credited
  'REASON_CHAIN_DROPPED',
  'REASON_DUPLICATE',
  'REASON_REFERENCE_MISSING',
  // withdrawals
  'REASON_DESTINATION_INVALID',
  'REASON_HOLDER_MISMATCH',
  'REASON_PAYOUT_FAILED',
  'REASON_RISK_REVIEW',
  // identity
  'REASON_PHOTO_UNCLEAR',
  'REASON_NAME_MISMATCH',
  'REASON_ID_EXPIRED',
  'REASON_ID_NUMBER_MISMATCH',
  'REASON_HAND_PHOTO_INVALID',
] as const;
export type ReasonMessageKey = (typeof REASON_MESSAGE_KEYS)[number];

/**
 * The words of a merchant's statement (CSV and PDF, apps/server/src/modules/statements): headings,
 * column names, and one word per journal type, account kind and order status. Not refusals: the
 * server writes them into the file in the merchant's language.
 */
export const STATEMENT_MESSAGE_KEYS = [
  'statement.title',
  'statement.shop',
  'statement.email',
  'statement.merchant_id',
  'statement.period',
  'statement.period_range',
  'statement.time_zone',
  'statement.currency',
  'statement.generated_at',
  'statement.opening',
  'statement.closing',
  'statement.money_in',
  'statement.money_out',
  'statement.funds',
  'statement.orders',
  'statement.time',
  'statement.type',
  'statement.amount',
  'statement.balance_after',
  'statement.reference',
  'statement.reason',
  'statement.account',
  'statement.seq',
  'statement.hash',
  'statement.order_no',
  'statement.placed',
  'statement.status',
  'statement.paid',
  'statement.cost',
  'statement.refunded',
  'statement.settled',
  'statement.profit',
  'statement.heads',
  'statement.checkpoint',
  'statement.checkpoint_at',
  'statement.root',
  'statement.fingerprint',
  'statement.no_checkpoint',
  'statement.verify',
  'statement.no_journals',
  'statement.no_orders',
  'statement.page',
  'statement.account_wallet',
  'statement.account_withdraw_hold',
  'statement.journal_recharge',
  'statement.journal_withdrawal_hold',
  'statement.journal_withdrawal_payout',
  'statement.journal_withdrawal_release',
  'statement.journal_order_payment',
  'statement.journal_order_pickup',
  'statement.journal_refund',
  'statement.journal_settlement',
  'statement.journal_level_purchase',
  'statement.journal_express_purchase',
  'statement.journal_alliance_commission',
  'statement.journal_fee',
  'statement.journal_adjustment',
  'statement.status_unpaid',
  'statement.status_awaiting_pickup',
  'statement.status_awaiting_shipment',
  'statement.status_shipped',
  'statement.status_in_transit',
  'statement.status_reached',
  'statement.status_received',
  'statement.status_completed',
  'statement.status_cancelled',
] as const;
export type StatementMessageKey = (typeof STATEMENT_MESSAGE_KEYS)[number];

export type MessageKey = ErrorKey | FieldMessageKey | ReasonMessageKey | StatementMessageKey | 'OK';

/**
 * The variables each message names: `{min}` in a catalogue message of MIN_WITHDRAWAL means `min`
 * here, in every language. The server's `Refusal` requires exactly these for its key, and takes
 * none for a key not listed, so a refusal cannot leave a `{min}` unfilled. A server test compares
 * this map with every catalogue, both ways.
 */
export interface RefusalVars {
  CODE_TOO_SOON: { seconds: number };
  WRONG_PAY_PASSWORD: { attempts_left: number };
  PAY_PASSWORD_LOCKED: { minutes: number };
  MIN_TOPUP: { min: string };
  MIN_WITHDRAWAL: { min: string };
  FIELD_AMOUNT_TOO_BIG: { max: string };
  BALANCE_SHORT: { missing: string };
  REFUND_TOO_MUCH: { max: string };
  REFUND_WHOLE_ORDER: { total: string };
  PACKAGE_BALANCE_SHORT: { missing: string };
  TOO_MANY_PRODUCTS: { max: number };
}

/** The names of `RefusalVars` at run time (for that test, and for clients that fill messages). */
export const REFUSAL_VARS: { readonly [K in keyof RefusalVars]: readonly (keyof RefusalVars[K] & string)[] } =
  {
    CODE_TOO_SOON: ['seconds'],
    WRONG_PAY_PASSWORD: ['attempts_left'],
    PAY_PASSWORD_LOCKED: ['minutes'],
    MIN_TOPUP: ['min'],
    MIN_WITHDRAWAL: ['min'],
    FIELD_AMOUNT_TOO_BIG: ['max'],
    BALANCE_SHORT: ['missing'],
    REFUND_TOO_MUCH: ['max'],
    REFUND_WHOLE_ORDER: ['total'],
    PACKAGE_BALANCE_SHORT: ['missing'],
    TOO_MANY_PRODUCTS: ['max'],
  };

/** A key whose message names no variable. */
export type PlainKey = Exclude<ErrorKey, keyof RefusalVars>;
export type PlainMessageKey = Exclude<MessageKey, keyof RefusalVars>;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && (ERROR_KEYS as readonly string[]).includes(value);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return (
    value === 'OK' ||
    isErrorKey(value) ||
    (typeof value === 'string' && (FIELD_MESSAGE_KEYS as readonly string[]).includes(value))
  );
}
