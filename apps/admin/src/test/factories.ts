import type { AdminProduct, adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { ChainAlertItem, ChainHealth, ChainNetworkItem } from '@dropdesk/contract/chain';
import type { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import type { overviewRoutes } from '@dropdesk/contract/overview';
import type { DataOf } from '@dropdesk/contract/route';
import type { adminWalletRoutes, ChainFacts } from '@dropdesk/contract/wallet';

/**
 * Rows as the operator API answers them, for component tests (each test changes what it needs),
 * typed from the contract's rows: a field the contract renames or drops fails the typecheck here,
 * and the fake API (@dropdesk/test-kit/fake-api) checks each faked answer against the row's schema.
 */
let seq = 100;

/** One page of a list answer (`pageOf` in the contract). */
export interface Page<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}
export const page = <T>(list: T[], total = list.length): Page<T> => ({ total, page: 1, limit: 50, list });

/** A top-up in the review queue (`GET /admin/recharges`), with its merchant and history. */
export type AdminRecharge = DataOf<typeof adminWalletRoutes.recharges>['list'][number];
export type MerchantRef = AdminRecharge['merchant'];

export function newMerchantRef(over: Partial<MerchantRef> = {}): MerchantRef {
  seq += 1;
  return { id: seq, real_name: 'Nguyen Van A', phone: '+84900000001', shop_name: `Shop ${seq}`, ...over };
}

export function newRecharge(over: Partial<AdminRecharge> = {}): AdminRecharge {
  seq += 1;
  return {
    id: seq,
    order_no: `R${seq}`,
    method: 'bank',
    network: null,
    address: null,
    amount: '150.00',
    status: 'pending',
    reason: null,
    voucher_url: `/uploads/v${seq}.webp`,
    chain: null,
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    resolved_at: null,
    merchant: newMerchantRef(),
    history: { approved: 2, approved_total: '300.00', rejected: 0, cancelled: 0, pending: 1, first_at: null },
    ...over,
  };
}

/** A withdrawal in the review queue (`GET /admin/withdrawals`), with its merchant and wallet. */
export type AdminWithdrawal = DataOf<typeof adminWalletRoutes.withdrawals>['list'][number];

const HOUR_MS = 3_600_000;

/**
 * A pending bank withdrawal asked 3 hours ago under a 24 h promise. Give `due_at` (and `created_at`)
 * to set its clock; `promise_hours` follows them.
 */
export function newWithdrawal(over: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  seq += 1;
  const created = over.created_at ?? new Date(Date.now() - 3 * HOUR_MS).toISOString();
  const due = over.due_at ?? new Date(Date.parse(created) + 24 * HOUR_MS).toISOString();
  return {
    id: seq,
    order_no: `W${seq}`,
    method: 'bank',
    amount: '80.00',
    fee: '1.80',
    actual: '78.20',
    currency: null,
    network: null,
    address: null,
    bank: { holder_name: 'Nguyen Van A', bank_name: 'Vietcombank', account_number: '0071000123456' },
    status: 'pending',
    reason: null,
    created_at: created,
    resolved_at: null,
    due_at: due,
    promise_hours: Math.round((Date.parse(due) - Date.parse(created)) / HOUR_MS),
    paid_within: null,
    merchant: newMerchantRef(),
    reference: null,
    wallet: { balance: '247.76', hold: '80.00' },
    recent: [],
    ...over,
  };
}

/** `/admin/queues`: every queue's size and the preset reasons (English). */
export const queueSummary: DataOf<typeof overviewRoutes.queues> = {
  queues: [],
  reasons: {
    recharge: [{ code: 'not_received', text: 'We have not received this payment.' }],
    withdrawal: [{ code: 'risk_review', text: 'This withdrawal did not pass our security review.' }],
    kyc: [{ code: 'photo_unclear', text: 'The ID photos are unclear.' }],
  },
};

export function newAdminProduct(over: Partial<AdminProduct> = {}): AdminProduct {
  seq += 1;
  return {
    id: seq,
    category_id: 1,
    main_lang: 'en',
    texts: [{ lang: 'en', title: `Lamp ${seq}`, description: '' }],
    images: [],
    cost: '12.50',
    stock: 40,
    hot: false,
    active: true,
    sales: 3,
    listings: 1,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...over,
  };
}

export const categoriesReply: DataOf<typeof adminCatalogueRoutes.categories> = [
  { id: 1, parent_id: null, main_lang: 'en', names: { en: 'Home' }, sort: 0, products: 5 },
  { id: 2, parent_id: 1, main_lang: 'en', names: { en: 'Lighting' }, sort: 0, products: 2 },
];

/** An extended public key as a wallet exports it (BIP32's first test vector, m/0'/1/2'). */
export const XPUB =
  'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fTLW5';
/** USDT's contract on Ethereum. */
export const USDT_ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** The chain watcher's health of a network that reads well: head a minute old, nothing failing. */
export function newChainHealth(over: Partial<ChainHealth> = {}): ChainHealth {
  const minuteAgo = new Date(Date.now() - 60_000).toISOString();
  return {
    head: 19_000_120,
    head_at: minuteAgo,
    scanned: 19_000_118,
    scanned_at: minuteAgo,
    lag: 2,
    last_error: null,
    error_at: null,
    errors: 0,
    pending: 1,
    open_alerts: 0,
    ...over,
  };
}

/** A watched network (`GET /admin/chain/networks`), ERC20 unless told. */
export function newChainNetwork(over: Partial<ChainNetworkItem> = {}): ChainNetworkItem {
  return {
    network: 'ERC20',
    kind: 'evm',
    rpc_url: 'https://eth.node.example/rpc',
    token_contract: USDT_ERC20,
    token_decimals: 6,
    confirmations: 2,
    xpub: XPUB,
    start_block: 19_000_000,
    enabled: true,
    addresses: 0,
    updated_at: new Date(Date.now() - 86_400_000).toISOString(),
    health: newChainHealth(),
    ...over,
  };
}

/** A watcher's alert (`GET /admin/chain/alerts`): a credited top-up whose block left the chain. */
export function newChainAlert(over: Partial<ChainAlertItem> = {}): ChainAlertItem {
  seq += 1;
  return {
    id: seq,
    network: 'ERC20',
    kind: 'credited_reorged',
    recharge_id: seq,
    order_no: `R${seq}`,
    merchant_id: 12,
    amount: '250.00',
    tx_hash: `0x${'ab'.repeat(32)}`,
    log_index: 3,
    detail: {
      block: 19_000_050,
      hash_then: `0x${'11'.repeat(32)}`,
      hash_now: `0x${'22'.repeat(32)}`,
      head: 19_000_060,
    },
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    resolved_at: null,
    resolved_by: null,
    resolution: null,
    ...over,
  };
}

/** A watched transfer's facts on its top-up (`chain` of a recharge), waiting for its confirmations. */
export function newChainFacts(over: Partial<ChainFacts> = {}): ChainFacts {
  return {
    tx_hash: `0x${'cd'.repeat(32)}`,
    log_index: 0,
    block: 19_000_119,
    from: '0x1111111111111111111111111111111111111111',
    token_amount: '150.123456',
    confirmations: 1,
    required: 2,
    below_minimum: false,
    ...over,
  };
}

/** A merchant's page (`GET /admin/merchants/detail`): an open, verified shop in Vietnam, in Vietnamese. */
export type MerchantDetail = DataOf<typeof merchantAdminRoutes.detail>;

export function newMerchantDetail(over: Partial<MerchantDetail> = {}): MerchantDetail {
  seq += 1;
  return {
    id: seq,
    phone: '+84900000001',
    email: `shop${seq}@example.com`,
    real_name: 'Nguyen Van A',
    country: 'VN',
    time_zone: 'Asia/Ho_Chi_Minh',
    lang: 'vi',
    invite_code: `INV${seq}`,
    status: 'active',
    closed_reason: null,
    pay_password_set: true,
    kyc_status: 'verified',
    created_at: new Date(Date.now() - 90 * 24 * HOUR_MS).toISOString(),
    balance: '500.00',
    level: null,
    shop: {
      name: `Shop ${seq}`,
      logo_url: null,
      address: '1 Le Loi, District 1, Ho Chi Minh City',
      phone: '+84900000001',
      intro: '',
      welcome: '',
      service_link: '',
      banner_url: null,
      ad_banner_url: null,
      twitter: '',
      google: '',
    },
    hold: '0.00',
    parent_id: null,
    identity: null,
    level_terms: null,
    counts: {
      orders: 0,
      orders_capped: false,
      sold_orders: 0,
      sales: '0.00',
      listings: 0,
      followers: 0,
      notices_unread: 0,
      sessions_live: 0,
      pending_recharges: 0,
      pending_withdrawals: 0,
      pending_adjustments: 0,
    },
    ...over,
  };
}

/** An empty page of a merchant's funds records (`GET /admin/merchants/funds`). */
export const noFunds: DataOf<typeof merchantAdminRoutes.funds> = {
  ...page([]),
  account: 'wallet',
  range: 'all',
  from: null,
  to: null,
  sums: { count: 0, amount: '0.00', fees: '0.00' },
};
