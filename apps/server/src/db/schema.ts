import type { KycStatus, MerchantStatus } from '@dropdesk/contract/account';
import type { ListingStatus } from '@dropdesk/contract/catalogue';
import type { Lang, UploadKind } from '@dropdesk/contract/constants';
import type { KycSubmissionStatus } from '@dropdesk/contract/kyc';
import type { AccountKind, JournalType } from '@dropdesk/contract/ledger';
import type { AdjustmentDirection, AdjustmentStatus } from '@dropdesk/contract/merchants-admin';
import type { OrderStatus, RefundStatus, Settlement } from '@dropdesk/contract/orders';
import type { OperatorRole } from '@dropdesk/contract/route';
import type { SecurityEventKind } from '@dropdesk/contract/security';
import type {
  Currency,
  Network,
  RechargeMethod,
  ReviewStatus,
  WithdrawMethod,
} from '@dropdesk/contract/wallet';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The tables, as Kysely sees them on both engines. Times are epoch milliseconds, money is integer
 * minor units, booleans are 0/1 integers: one representation on SQLite and PostgreSQL. Status and
 * kind columns carry the contract's enums (the checks of the migrations hold the same lists; a few,
 * like `lang` or `network`, are held by the validation of what is written instead).
 */
export interface MerchantsTable {
  id: Generated<number>;
  phone: string;
  email: string;
  password_hash: string;
  pay_password_hash: string | null;
  pay_fail_count: Generated<number>;
  pay_locked_until: number | null;
  /** Payment-password checks holding a slot, their lease and its generation (migration 003). */
  pay_inflight: Generated<number>;
  pay_inflight_until: number | null;
  pay_inflight_gen: Generated<number>;
  real_name: string;
  country: string;
  lang: Lang;
  status: Generated<MerchantStatus>;
  closed_reason: string | null;
  parent_id: number | null;
  invite_code: string;
  kyc_status: Generated<KycStatus>;
  id_card_front: string | null;
  id_card_back: string | null;
  id_card_hand: string | null;
  business_license: string | null;
  time_zone: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ShopsTable {
  merchant_id: number;
  name: string;
  /** foldText(name) (contract/fold.ts): what the console's search reads (migration 015). */
  name_fold: string;
  logo: string | null;
  address: string;
  phone: string;
  intro: Generated<string>;
  welcome: Generated<string>;
  service_link: Generated<string>;
  banner: string | null;
  ad_banner: string | null;
  twitter: Generated<string>;
  google: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** The platform's customer-service contact: one row (id 1) once an admin sets it (migration 010). */
export interface ServiceContactTable {
  id: number;
  url: string;
  text: string;
  updated_by: number | null;
  updated_at: number;
}

/** Each closing of a shop by an operator, and its reopening (migration 010). */
export interface ShopClosuresTable {
  id: Generated<number>;
  merchant_id: number;
  reason: string;
  /** Null when closed from the command line. */
  closed_by: number | null;
  closed_at: number;
  reopened_by: number | null;
  reopened_at: number | null;
  reopen_note: string | null;
}

export interface InvitationCodesTable {
  code: string;
  merchant_id: number | null;
  created_by: number | null;
  note: Generated<string>;
  uses: Generated<number>;
  max_uses: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: OperatorRole;
  disabled_at: number | null;
  created_at: number;
  /** The TOTP secret, sealed (lib/totp.ts SecretBox); null until the operator enrols (012). */
  totp_secret: string | null;
  totp_enrolled_at: number | null;
  /** The last 30-second step whose code was accepted: no code is accepted twice. */
  totp_last_step: number | null;
  last_login_at: number | null;
}

/** Between the password and the code of an operator's login (012): only the token's SHA-256. */
export interface OperatorLoginTicketsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  kind: 'totp' | 'enroll';
  /** An `enroll` ticket's offered secret, sealed. */
  totp_secret: string | null;
  attempts: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  subject_type: 'merchant' | 'operator';
  subject_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Where it was opened (022): the browser's user agent, the client address, the device key and the address's country. */
  user_agent: string | null;
  ip: string | null;
  /** SHA-256 of the app's device id, else of the user agent (lib/origin.ts); null before 022. */
  device_key: string | null;
  country: string | null;
}

/** A merchant's security history (022), append-only: what happened and where its request came from. */
export interface SecurityEventsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: SecurityEventKind;
  /** The session the request was made with, or the one a sign-in opened. */
  session_id: number | null;
  user_agent: string | null;
  ip: string | null;
  country: string | null;
  /** What the kind's words need, JSON (`{ "device": … }`, `{ "count": 2 }`). */
  params: Generated<string>;
  created_at: number;
}

export interface LoginFailuresTable {
  client_key: string;
  /** Confirmed wrong answers within the failure window (updated_at is the last one). */
  failures: number;
  updated_at: number;
  /** Attempts being checked now, and until when their lease runs (a dead server's expire). */
  inflight: Generated<number>;
  inflight_until: Generated<number>;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  merchant_id: number;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

export interface UploadsTable {
  id: string;
  merchant_id: number | null;
  kind: UploadKind;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  is_private: number;
  created_at: number;
}

export interface HandoffUsesTable {
  nonce: string;
  purpose: string;
  used_at: number;
}

export interface ThirdLinksTable {
  partner_uid: string;
  merchant_id: number;
  created_at: number;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: 'pending' | 'done';
  http_status: number | null;
  response: string | null;
  created_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  detail: string;
  /** The target's relevant fields before and after the action, JSON; null where there is none (012). */
  before: string | null;
  after: string | null;
  created_at: number;
}

// ---------------------------------------------------------------- wallet and ledger (002_wallet)

export interface AccountsTable {
  id: Generated<number>;
  /** `wallet:<merchant id>`, `withdraw_hold:<merchant id>` or `platform:<kind>`. */
  key: string;
  merchant_id: number | null;
  kind: AccountKind;
  /** Cached: always equal to the sum of the account's postings (ledger:check verifies). */
  balance: Generated<number>;
  created_at: number;
}

export interface JournalsTable {
  id: Generated<number>;
  type: JournalType;
  merchant_id: number | null;
  ref_type: string | null;
  ref_id: number | null;
  reason: string | null;
  operator_id: number | null;
  created_at: number;
}

export interface PostingsTable {
  id: Generated<number>;
  journal_id: number;
  account_id: number;
  amount: number;
  balance_after: number;
  created_at: number;
  /**
   * Its place in the account's hash chain, 1 for the account's first posting (migration 021).
   * Null only in a row written around post(), which the ledger check reports.
   */
  seq: number | null;
  /** SHA-256(previous posting's hash ‖ digest of this one's content), hex (docs/ledger-proof.md). */
  hash: string | null;
}

/** A signed checkpoint of every account's chain head (append-only). */
export interface LedgerCheckpointsTable {
  id: number;
  created_at: number;
  /** Accounts under the root. */
  accounts: number;
  root: string;
  /** The previous checkpoint's hash (GENESIS for the first). */
  prev: string;
  /** The signing key, raw Ed25519 public key in hex. */
  key: string;
  signature: string;
}

/** The heads that changed at a checkpoint; an account's head at checkpoint k is its latest row ≤ k. */
export interface LedgerCheckpointHeadsTable {
  checkpoint_id: number;
  account_id: number;
  seq: number;
  hash: string;
}

export interface RechargesTable {
  id: Generated<number>;
  merchant_id: number;
  method: RechargeMethod;
  network: Network | null;
  address: string | null;
  amount: number;
  /** The merchant's proof of a declared top-up; null for a transfer the chain watcher saw. */
  voucher: string | null;
  status: Generated<ReviewStatus>;
  reason: string | null;
  journal_id: number | null;
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
  /** A watched chain transfer's facts (migration 019); null for the declared top-ups. */
  tx_hash: string | null;
  log_index: number | null;
  block_number: number | null;
  block_hash: string | null;
  from_address: string | null;
  /** The exact amount sent, in the token's units ("100.123456"). */
  token_amount: string | null;
}

export interface ChainNetworksTable {
  network: Network;
  kind: 'evm' | 'tron';
  rpc_url: string;
  token_contract: string;
  token_decimals: number;
  confirmations: number;
  xpub: string;
  start_block: number;
  enabled: Generated<number>;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChainAddressesTable {
  network: Network;
  merchant_id: number;
  derivation_index: number;
  address: string;
  created_at: number;
}

export interface ChainCursorsTable {
  network: Network;
  block_number: number;
  block_hash: string | null;
  head_number: number | null;
  head_at: number | null;
  scanned_at: number | null;
  last_error: string | null;
  error_at: number | null;
  errors: Generated<number>;
}

export interface ChainAlertsTable {
  id: Generated<number>;
  network: Network;
  kind: 'credited_reorged';
  recharge_id: number;
  merchant_id: number;
  /** JSON: what happened (the block, its hash then and now, the head). */
  detail: string;
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
  resolution: string | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  merchant_id: number;
  method: WithdrawMethod;
  amount: number;
  fee: number;
  actual: number;
  currency: Currency | null;
  network: Network | null;
  address: string | null;
  holder_name: string | null;
  bank_name: string | null;
  account_number: string | null;
  status: Generated<ReviewStatus>;
  reason: string | null;
  reference: string | null;
  hold_journal_id: number | null;
  resolve_journal_id: number | null;
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
  /** When the promise made when it was asked runs out (migration 020; set by every new withdrawal). */
  due_at: number | null;
  /** When the merchant was told it is late (once). */
  late_noticed_at: number | null;
}

export interface KycSubmissionsTable {
  id: Generated<number>;
  merchant_id: number;
  real_name: string;
  id_number: string;
  id_card_front: string;
  id_card_back: string;
  id_card_hand: string;
  status: Generated<KycSubmissionStatus>;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
}

export interface BankCardsTable {
  merchant_id: number;
  holder_name: string;
  bank_name: string;
  account_number: string;
  created_at: number;
  updated_at: number;
}

export interface DepositAddressesTable {
  network: Network;
  address: string;
  enabled: Generated<number>;
  updated_by: number | null;
  updated_at: number;
}

export interface WalletSettingsTable {
  id: number;
  withdraw_fee_bps: number;
  withdraw_fee_fixed: number;
  withdraw_min: number;
  processing_hours: number;
  updated_at: number;
}

/** The receiving bank account of manual and bank-card top-ups: one row (id 1) once set (004). */
export interface TopupBankAccountTable {
  id: number;
  bank_name: string;
  holder_name: string;
  account_number: string;
  /** A template like `DD{merchant_id}` (contract/settings.ts). */
  reference_rule: string;
  enabled: Generated<number>;
  updated_by: number | null;
  updated_at: number;
}

/** How the platform takes a manual top-up: the admin's instructions (migration 014), one row at most. */
export interface TopupManualTable {
  id: number;
  instructions: string;
  enabled: Generated<number>;
  updated_by: number | null;
  updated_at: number;
}

/** Merchant user notices (the messages screen): a title key + JSON params, translated by the app. */
export interface NoticesTable {
  id: Generated<number>;
  merchant_id: number;
  type: string;
  title_key: string;
  params: Generated<string>;
  ref_type: string | null;
  ref_id: number | null;
  created_at: number;
  read_at: number | null;
}

/** An operator's broadcast to every merchant registered when sent, or to chosen ones (migration 009). */
export interface SystemMessagesTable {
  id: Generated<number>;
  title: string;
  body: string;
  audience: 'all' | 'chosen';
  operator_id: number;
  /** Merchants it reached, counted when sent. */
  recipients: number;
  created_at: number;
}

/** The merchants a `chosen` broadcast was sent to. */
export interface SystemMessageTargetsTable {
  message_id: number;
  merchant_id: number;
}

/** A system message a merchant has read (no row: unread). */
export interface SystemMessageReadsTable {
  merchant_id: number;
  message_id: number;
  read_at: number;
}

/** A line scrolling on Home, with its fallback language (migration 009). */
export interface AnnouncementsTable {
  id: Generated<number>;
  main_lang: Lang;
  active: Generated<number>;
  sort: Generated<number>;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
}

export interface AnnouncementTextsTable {
  announcement_id: number;
  lang: Lang;
  text: string;
}

/** Catalogue categories, two levels (migration 006). */
export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  main_lang: Lang;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CategoryNamesTable {
  category_id: number;
  lang: Lang;
  name: string;
}

/** The platform's supplier catalogue: cost in minor units. */
export interface ProductsTable {
  id: Generated<number>;
  category_id: number;
  /** The category's parent, or the category itself when it is a parent. */
  top_category_id: number;
  main_lang: Lang;
  cost: number;
  stock: number;
  hot: Generated<number>;
  active: Generated<number>;
  /** Units sold platform-wide, raised by orders. */
  sales: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A product's title and description in one language (searched through each engine's trigram index). */
export interface ProductTextsTable {
  id: Generated<number>;
  product_id: number;
  lang: Lang;
  title: string;
  /** foldText(title) (contract/fold.ts): what search reads (migration 015). Written with the title. */
  title_fold: string;
  description: Generated<string>;
}

/** A product image: WebP files `<key>-thumb.webp` and `<key>-detail.webp` under DATA_DIR/media. */
/**
 * SQLite only (migration 006): the FTS5 trigram table catalogue search reads, one row per product
 * (rowid = −products.id, so ascending is newest first), kept by triggers. Never written by the application.
 */
export interface ProductSearchTable {
  rowid: number;
  main: string | null;
  zh_cn: string | null;
  en: string | null;
  ko: string | null;
  ja: string | null;
  th: string | null;
  vi: string | null;
  tr: string | null;
}

export interface ProductImagesTable {
  id: Generated<number>;
  /** Null while uploaded but not yet attached. */
  product_id: number | null;
  sort: Generated<number>;
  key: string;
  thumb_width: number;
  thumb_height: number;
  detail_width: number;
  detail_height: number;
  created_at: number;
}

export interface LevelsTable {
  id: Generated<number>;
  rank: number;
  name: string;
  margin_bps: number;
  quota: number;
  price: number;
  created_at: number;
  updated_at: number;
}

/** A merchant's level at the terms bought, and the quota counter adds lock. */
export interface MerchantLevelsTable {
  merchant_id: number;
  level_id: number;
  margin_bps: number;
  quota: number;
  price_paid: number;
  bought_at: number | null;
  listings_used: Generated<number>;
  updated_at: number;
}

export interface ListingsTable {
  id: Generated<number>;
  merchant_id: number;
  product_id: number;
  status: Generated<ListingStatus>;
  views: Generated<number>;
  sales: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** An express-lane package operators sell (migration 011); `names` is JSON text `{lang: name}`. */
export interface ExpressPackagesTable {
  id: Generated<number>;
  main_lang: Lang;
  names: string;
  price: number;
  days: number;
  product_count: number;
  active: Generated<number>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A merchant's express-lane purchase at the package's terms of the day. */
export interface ExpressPurchasesTable {
  id: Generated<number>;
  merchant_id: number;
  package_id: number;
  main_lang: Lang;
  names: string;
  price: number;
  days: number;
  product_count: number;
  starts_at: number;
  ends_at: number;
  /** Set once by the expiry job, when it tells the merchant. */
  ended_at: number | null;
  journal_id: number | null;
  created_at: number;
}

/** A product a purchase features, until `ends_at` (the purchase's). */
export interface ExpressFeaturedTable {
  purchase_id: number;
  merchant_id: number;
  product_id: number;
  ends_at: number;
}

/** The alliance commission rate: one row, id 1. */
export interface AllianceSettingsTable {
  id: number;
  commission_bps: number;
  updated_by: number | null;
  updated_at: number | null;
}

/** A commission paid to a member's parent for one settled order of the member. */
export interface AllianceCommissionsTable {
  id: Generated<number>;
  parent_id: number;
  member_id: number;
  order_id: number;
  base: number;
  rate_bps: number;
  amount: number;
  journal_id: number | null;
  created_at: number;
}

/** A storefront buyer (migration 007): signs in with an email and a code. */
export interface BuyersTable {
  id: Generated<number>;
  email: string;
  lang: Generated<Lang>;
  created_at: number;
  updated_at: number;
}

/** The live sign-in code of an email, hashed; one per email. */
export interface BuyerCodesTable {
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  sent_at: number;
  expires_at: number;
}

export interface BuyerSessionsTable {
  id: Generated<number>;
  token_hash: string;
  buyer_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A buyer's order of one product of one shop, at the prices of its day (contract/orders.ts). */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  merchant_id: number;
  buyer_id: number | null;
  guest_email: string | null;
  /** sha256 of a guest's order link token. */
  token_hash: string | null;
  lang: Generated<Lang>;
  listing_id: number | null;
  product_id: number;
  title: string;
  /** foldText(title) (contract/fold.ts): what the keyword search reads (migration 015). */
  title_fold: string;
  image_url: string | null;
  quantity: number;
  unit_price: number;
  unit_cost: number;
  total: number;
  cost_total: number;
  status: OrderStatus;
  settlement: Generated<Settlement>;
  receiver_name: string;
  receiver_phone: string;
  address: string;
  carrier: string | null;
  tracking_no: string | null;
  cost_paid: Generated<number>;
  cost_returned: Generated<number>;
  refunded: Generated<number>;
  settled_amount: Generated<number>;
  refund_open: Generated<number>;
  rating_stars: number | null;
  rating_comment: string | null;
  rated_at: number | null;
  pay_deadline: number | null;
  paid_at: number | null;
  picked_at: number | null;
  shipped_at: number | null;
  in_transit_at: number | null;
  reached_at: number | null;
  received_at: number | null;
  settles_at: number | null;
  completed_at: number | null;
  settled_at: number | null;
  cancelled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An order's timeline, append-only. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  note: string | null;
  operator_id: number | null;
  at: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_ref: string;
  amount: number;
  status: Generated<'created' | 'succeeded' | 'failed' | 'refunded'>;
  journal_id: number | null;
  succeeded_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Each provider event id once: a replayed webhook finds its row and moves nothing. */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  payment_id: number | null;
  type: string;
  received_at: number;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  merchant_id: number;
  amount: number;
  reason: string;
  goods_received: number;
  status: Generated<RefundStatus>;
  reject_reason: string | null;
  appeal_statement: string | null;
  decision_reason: string | null;
  operator_id: number | null;
  journal_id: number | null;
  appealed_at: number | null;
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ShopVisitsTable {
  merchant_id: number;
  day: string;
  visitor: string;
  at: number;
}

export interface ShopFollowsTable {
  merchant_id: number;
  buyer_id: number;
  created_at: number;
}

/** A shop's all-time figures, kept with the events (migration 008, docs/dashboard.md). */
export interface ShopStatsTable {
  merchant_id: number;
  /**
   * The orders basis over every paid order (docs/figures.md): orders counted as sold, sales
   * (total − refunded), refunded to buyers, cost carried and the part of it estimated (awaiting
   * pickup), profit (earnings); and what escrow holds now for the shop's orders (migration 014).
   */
  orders: Generated<number>;
  sales: Generated<number>;
  refunded: Generated<number>;
  cost: Generated<number>;
  cost_estimated: Generated<number>;
  profit: Generated<number>;
  in_escrow: Generated<number>;
  followers: Generated<number>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  /** How many orders were paid, and the part of the figures that is the orders refunded in full (migration 018). */
  paid: Generated<number>;
  unsold_refunded: Generated<number>;
  unsold_cost: Generated<number>;
  unsold_cost_estimated: Generated<number>;
  unsold_profit: Generated<number>;
  unsold_in_escrow: Generated<number>;
}

/** A shop's paid orders (by `paid_at`: the orders basis) and visits (by `at`) per 15-minute UTC slot (ms / 900,000). */
export interface ShopStatSlotsTable {
  merchant_id: number;
  slot: number;
  orders: Generated<number>;
  sales: Generated<number>;
  refunded: Generated<number>;
  cost: Generated<number>;
  cost_estimated: Generated<number>;
  profit: Generated<number>;
  visitors: Generated<number>;
  /** How many orders were paid, what escrow holds for them, and the part of the figures that is the orders refunded in full (migration 018). */
  paid: Generated<number>;
  in_escrow: Generated<number>;
  unsold_refunded: Generated<number>;
  unsold_cost: Generated<number>;
  unsold_cost_estimated: Generated<number>;
  unsold_profit: Generated<number>;
  unsold_in_escrow: Generated<number>;
}

/** A shop's distinct visitors per day, the day as `shop_visits` records it. */
export interface ShopVisitDaysTable {
  merchant_id: number;
  day: string;
  visitors: Generated<number>;
}

/** Visitors counted per shop, local day and client address (a keyed hash), to bound what one address adds. */
export interface ShopVisitAddressesTable {
  merchant_id: number;
  day: string;
  address: string;
  visitors: Generated<number>;
}

/** The credit score's events per 15-minute slot: late pickups (`picked_at`), refunds lost on appeal. */
export interface ShopCreditSlotsTable {
  merchant_id: number;
  slot: number;
  late_pickups: Generated<number>;
  refunds_lost: Generated<number>;
}

// ---------------------------------------------------------------- operator console (013_console)

/** A balance adjustment: proposed by one admin, approved (its journal posted) by another or rejected. */
export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  merchant_id: number;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  status: Generated<AdjustmentStatus>;
  proposed_by: number;
  decided_by: number | null;
  decision_reason: string | null;
  journal_id: number | null;
  created_at: number;
  decided_at: number | null;
}

/** One run of the ledger check; `summary` is JSON text, an array of the first differences. */
export interface LedgerChecksTable {
  id: Generated<number>;
  ok: number;
  problems: number;
  summary: string;
  journals: number;
  postings: number;
  accounts: number;
  duration_ms: number;
  /** Null: the periodic job. */
  operator_id: number | null;
  created_at: number;
}

/**
 * SQLite only (migration 013): the FTS5 trigram table of shop names the merchants' search reads, one
 * row per shop (rowid = −merchant id), kept by triggers on `shops`. Never written by the application.
 */
export interface ShopSearchTable {
  rowid: number;
  name: string;
}

export interface DB {
  merchants: MerchantsTable;
  shops: ShopsTable;
  service_contact: ServiceContactTable;
  shop_closures: ShopClosuresTable;
  invitation_codes: InvitationCodesTable;
  operators: OperatorsTable;
  operator_login_tickets: OperatorLoginTicketsTable;
  sessions: SessionsTable;
  security_events: SecurityEventsTable;
  login_failures: LoginFailuresTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  uploads: UploadsTable;
  handoff_uses: HandoffUsesTable;
  third_links: ThirdLinksTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  accounts: AccountsTable;
  journals: JournalsTable;
  postings: PostingsTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_checkpoint_heads: LedgerCheckpointHeadsTable;
  recharges: RechargesTable;
  withdrawals: WithdrawalsTable;
  kyc_submissions: KycSubmissionsTable;
  bank_cards: BankCardsTable;
  deposit_addresses: DepositAddressesTable;
  chain_networks: ChainNetworksTable;
  chain_addresses: ChainAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_alerts: ChainAlertsTable;
  wallet_settings: WalletSettingsTable;
  notices: NoticesTable;
  system_messages: SystemMessagesTable;
  system_message_targets: SystemMessageTargetsTable;
  system_message_reads: SystemMessageReadsTable;
  announcements: AnnouncementsTable;
  announcement_texts: AnnouncementTextsTable;
  topup_bank_account: TopupBankAccountTable;
  topup_manual: TopupManualTable;
  categories: CategoriesTable;
  category_names: CategoryNamesTable;
  products: ProductsTable;
  product_texts: ProductTextsTable;
  product_images: ProductImagesTable;
  product_search: ProductSearchTable;
  levels: LevelsTable;
  merchant_levels: MerchantLevelsTable;
  listings: ListingsTable;
  express_packages: ExpressPackagesTable;
  express_purchases: ExpressPurchasesTable;
  express_featured: ExpressFeaturedTable;
  alliance_settings: AllianceSettingsTable;
  alliance_commissions: AllianceCommissionsTable;
  buyers: BuyersTable;
  buyer_codes: BuyerCodesTable;
  buyer_sessions: BuyerSessionsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  shop_visits: ShopVisitsTable;
  shop_follows: ShopFollowsTable;
  shop_stats: ShopStatsTable;
  shop_stat_slots: ShopStatSlotsTable;
  shop_visit_days: ShopVisitDaysTable;
  shop_visit_addresses: ShopVisitAddressesTable;
  shop_credit_slots: ShopCreditSlotsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  ledger_checks: LedgerChecksTable;
  shop_search: ShopSearchTable;
}

export type Merchant = Selectable<MerchantsTable>;
export type NewMerchant = Insertable<MerchantsTable>;
export type Shop = Selectable<ShopsTable>;
/** The columns a change of a shop sets. */
export type ShopUpdate = Updateable<ShopsTable>;
/** An order as read: the row every order rule (transitions, money, rollups, views) works on. */
export type OrderRow = Selectable<OrdersTable>;
/** The columns a change of an order sets (orders/transitions.ts). */
export type OrderUpdate = Updateable<OrdersTable>;
/** A new invitation code (registration; `ops invite:create`). */
export type NewInvitationCode = Insertable<InvitationCodesTable>;
