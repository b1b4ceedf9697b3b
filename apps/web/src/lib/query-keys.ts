import type { CatalogueSort, ListingStatus } from '@dropdesk/contract/catalogue';
import type { EchartRange } from '@dropdesk/contract/dashboard';
import type { BillType, JournalType } from '@dropdesk/contract/ledger';
import type { OrderStatus, RefundStatus, Settlement } from '@dropdesk/contract/orders';
import type { BillAccount, ReportRange } from '@dropdesk/contract/reports';
import type { ReviewStatus } from '@dropdesk/contract/wallet';
import { queryKeysFactory } from '@dropdesk/web-kit/query-keys';

/**
 * The query keys of every domain, from the kit's factory (@dropdesk/web-kit/query-keys): each key
 * starts with its domain, so `xKeys.all` reaches every query of that domain, and a key of a list
 * ends with its filters. Kept here, not in the features, because one feature refreshes another's
 * queries (a withdrawal refreshes the balance on /my: lib/refresh-balances.ts).
 *
 * No key holds the session token: logging out clears the whole cache (and a 401 reloads the page).
 */
const account = queryKeysFactory('account');
export const accountKeys = {
  all: account.all,
  /** getMerInfo: the merchant, the shop and the balance. */
  merInfo: () => account.one('merinfo'),
};

const wallet = queryKeysFactory('wallet');
export const walletKeys = {
  all: wallet.all,
  blockchain: () => wallet.one('blockchain'),
  /** The receiving bank account of bank-card top-ups, and the merchant's reference. */
  bankAccount: () => wallet.one('bank-account'),
  /** How the platform takes a manual top-up (its instructions). */
  manualDeposit: () => wallet.one('manual-deposit'),
  /** The withdrawal screen's figures: balance, fee rule, minimum, saved card. */
  extractInfo: () => wallet.one('extract-info'),
  rechargeLogs: () => wallet.lists('recharge'),
  rechargeLog: (filters: { status?: ReviewStatus } = {}) => wallet.list('recharge', filters),
  extractLogs: () => wallet.lists('extract'),
  extractLog: (filters: { status?: ReviewStatus } = {}) => wallet.list('extract', filters),
};

const kyc = queryKeysFactory('kyc');
export const kycKeys = {
  all: kyc.all,
  idcard: () => kyc.one('idcard'),
  bank: () => kyc.one('bank'),
};

const reports = queryKeysFactory('reports');
export const reportsKeys = {
  all: reports.all,
  bill: (filters: {
    type?: BillType;
    journal_type?: JournalType;
    range?: ReportRange;
    account?: BillAccount;
  }) => reports.list('bill', filters),
  /** Every range of the finance report (its days are cut in the merchant's time zone). */
  financialReports: () => reports.one('financial-report'),
  financialReport: (range: ReportRange) => reports.detail('financial-report', range),
};

const catalogue = queryKeysFactory('catalogue');
export const catalogueKeys = {
  /** Every catalogue query: a distribution, a shelf change or a level bought refreshes them all. */
  all: catalogue.all,
  /** The category tree of the distribution centre. */
  categories: () => catalogue.one('categories'),
  /** Catalogue search (the distribution centre); `category_id` is a parent's or a child's. */
  products: (filters: { keyword?: string; category_id?: number; sort: CatalogueSort }) =>
    catalogue.list('products', filters),
  /** The hot products, best-selling first. */
  hot: () => catalogue.list('hot', {}),
  /** The shop's listings (product management). */
  listings: (filters: { status: 'all' | ListingStatus; keyword?: string }) =>
    catalogue.list('listings', filters),
  /** The shop at a glance: listings selling, in the warehouse, quota used of total. */
  counts: () => catalogue.one('counts'),
  /** A listing (product management's id) or a catalogue product (the distribution centre's). */
  listing: (id: number) => catalogue.detail('listing', id),
  product: (productId: number) => catalogue.detail('product', productId),
  /** The seller levels and the merchant's own. */
  level: () => catalogue.one('level'),
};

const orders = queryKeysFactory('orders');
export const orderKeys = {
  /** Every order query: a pickup or a refund decision refreshes them all (lists, counts, badge, details). */
  all: orders.all,
  /**
   * The order list of one status tab (no status: all), narrowed by a keyword (order number or
   * product title), a settlement, the sold orders (`sold`, Home's total sales) or a day of payment.
   */
  list: (filters: {
    status?: OrderStatus;
    keyword?: string;
    settlement?: Settlement;
    sold?: boolean;
    paid_day?: string;
  }) => orders.list('orders', filters),
  /** How many orders are in each status (the tabs' counts). */
  counts: () => orders.one('counts'),
  /** The Order tab's badge: orders awaiting pickup. */
  badge: () => orders.one('badge'),
  detail: (id: number) => orders.detail('order', id),
  /** Refund requests, by status (none: all). */
  refunds: (filters: { status?: RefundStatus }) => orders.list('refunds', filters),
};

const express = queryKeysFactory('express');
export const expressKeys = {
  /** Every express-lane query: a purchase refreshes them all (packages and featured count, records, the shelf). */
  all: express.all,
  /** index/train: the packages on sale and the products featured now. */
  train: () => express.one('train'),
  /** index/buy_train_bill: the purchase records, all, active or expired. */
  bill: (filters: { state?: 'active' | 'expired' }) => express.list('bill', filters),
  /** product/manage, on shelf only: the listings a purchase may feature. */
  shelf: () => express.list('shelf', {}),
};

const alliance = queryKeysFactory('alliance');
export const allianceKeys = {
  all: alliance.all,
  /** index/coalition: the code, the rate and the members. */
  coalition: () => alliance.list('coalition', {}),
};

const dashboard = queryKeysFactory('dashboard');
export const dashboardKeys = {
  /** Everything Home shows: pulling Home to refresh refetches the active ones. */
  all: dashboard.all,
  /** index/index: the Home figures (also kept per merchant in local storage: lib/snapshot.ts). */
  index: () => dashboard.one('index'),
  /** index/echart: the sales curve of one range. */
  echart: (range: EchartRange) => dashboard.detail('echart', range),
  /** index/visits: visitors per day over the last `days`. */
  visits: (days: number) => dashboard.detail('visits', days),
  /** index/ratings: the buyers' ratings, newest first. */
  ratings: () => dashboard.list('ratings', {}),
  /** merchant/affiche: the announcements scrolling on Home, in one language (the `lang` header's). */
  affiche: (lang: string) => dashboard.detail('affiche', lang),
};

const messages = queryKeysFactory('messages');
export const messageKeys = {
  /** Every messages query: marking read refreshes them all (lists, details, the unread counts). */
  all: messages.all,
  /** index/notice: one tab (system messages or notices), all / unread / read. */
  list: (filters: { type: 'system' | 'notice'; is_see: 'all' | '0' | '1' }) =>
    messages.list('messages', filters),
  detail: (type: 'system' | 'notice', id: number) => messages.detail(type, id),
  /** index/notice_unread: the unread counts (My's badge, the tabs' dots). */
  unread: () => messages.one('unread'),
};

const ledger = queryKeysFactory('ledger');
export const ledgerKeys = {
  all: ledger.all,
  /** GET /ledger/key: the platform's checkpoint signing key (public, fetched once a session). */
  key: () => ledger.one('key'),
};

const security = queryKeysFactory('security');
export const securityKeys = {
  /** Every security-centre query: signing a session out refreshes them all (sessions, history). */
  all: security.all,
  /** GET security/sessions: the merchant's live sessions, the current one first. */
  sessions: () => security.one('sessions'),
  /** GET security/events: the security history, newest first. */
  events: () => security.list('events', {}),
};
