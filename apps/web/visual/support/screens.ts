/**
 * Every screen the visual tests look at, with who looks at it and in which states.
 *
 * - `loaded`: the screen with the full shop's data (or, for a visitor's screens, as it opens);
 * - `empty`: the same screen for the merchant who has done nothing yet;
 * - `error`: the full shop's screen when its reads fail (HTTP 500): the error with its retry.
 *
 * The merchant app's table must name every route of the app's router (checked by
 * merchant.visual.ts), so a new screen can't be added without its pictures.
 */

import { animationsDone } from '@dropdesk/test-kit/e2e/settled';
import type { Locator, Page } from '@playwright/test';
import { msg } from '../../e2e/support/locales';
import { paths } from '../../src/lib/paths';
import type { History } from './history';
import type { VisualLang } from './world';

export type State = 'loaded' | 'empty' | 'error';
export type Who = 'visitor' | 'full' | 'empty' | 'pending';

export interface Screen {
  /** The picture's name: `<name>-<lang>-<state>.png`. */
  name: string;
  /** The address, from the story's ids where it needs one. */
  path: string | ((h: History) => string);
  who: Who;
  states: State[];
  /** What each run makes anew (support/look.ts `mask`), found on the page. */
  mask?: (page: Page, h: History) => Locator[];
  /** Something to do before the picture (open a sheet), once the screen has settled. */
  before?: (page: Page, lang: VisualLang) => Promise<void>;
}

const all: State[] = ['loaded', 'empty', 'error'];

/** A merchant's invitation code is drawn at random when it registers: its text, link and QR code. */
const inviteCodes = (page: Page, h: History): Locator[] => [
  page.getByText(h.full.inviteCode),
  page.getByText(h.empty.inviteCode),
  page.locator('svg[role="img"]'),
];
/** Opens what `control` opens (a sheet, a dialog) and waits for its enter animation. */
const opening =
  (control: (page: Page, lang: VisualLang) => Locator, opened: (page: Page) => Locator) =>
  async (page: Page, lang: VisualLang) => {
    await control(page, lang).click();
    await opened(page).waitFor();
    await animationsDone(page);
  };

/** A guest's order link carries a random token. */
const orderLink = (page: Page): Locator[] => [page.locator('.link-box')];
const loadedAndError: State[] = ['loaded', 'error'];

export const MERCHANT_SCREENS: Screen[] = [
  // Signed out.
  { name: 'login', path: paths.login, who: 'visitor', states: ['loaded'] },
  {
    name: 'login-language',
    path: paths.login,
    who: 'visitor',
    states: ['loaded'],
    before: opening(
      (page) => page.locator('button[aria-haspopup="dialog"]:enabled').first(),
      (page) => page.getByRole('dialog'),
    ),
  },
  { name: 'register', path: paths.register, who: 'visitor', states: ['loaded'] },
  {
    name: 'register-country',
    path: paths.register,
    who: 'visitor',
    states: ['loaded'],
    before: opening(
      (page) => page.locator('button[aria-haspopup="dialog"]').first(),
      (page) => page.getByRole('dialog'),
    ),
  },
  { name: 'forget-pwd', path: paths.forgetPwd, who: 'visitor', states: ['loaded'] },
  // The statement check, open to anyone: as it opens, before a file is picked.
  { name: 'verify', path: paths.verify, who: 'visitor', states: ['loaded'] },
  { name: 'not-found', path: '/no-such-page', who: 'visitor', states: ['loaded'] },

  // The tabs.
  { name: 'home', path: paths.home, who: 'full', states: all },
  {
    name: 'home-credit',
    path: paths.home,
    who: 'full',
    states: ['loaded'],
    before: opening(
      (page) => page.getByTestId('figure-credit'),
      (page) => page.getByRole('dialog').filter({ has: page.getByTestId('credit-sums') }),
    ),
  },
  { name: 'product', path: paths.product, who: 'full', states: all },
  { name: 'order', path: paths.order, who: 'full', states: all },
  { name: 'order-sold', path: `${paths.order}?sold=1`, who: 'full', states: loadedAndError },
  { name: 'my', path: paths.my, who: 'full', states: all },
  {
    name: 'my-language',
    path: paths.my,
    who: 'full',
    states: ['loaded'],
    before: opening(
      (page, lang) => page.getByRole('button', { name: new RegExp(msg(lang, 'language.title')) }).first(),
      (page) => page.locator('[role="dialog"][aria-labelledby="language-sheet-title"]'),
    ),
  },

  // Home's drill-downs.
  { name: 'visitors', path: `${paths.visitors}?days=7`, who: 'full', states: all },
  { name: 'ratings', path: paths.ratings, who: 'full', states: all },

  // Products.
  { name: 'distribution', path: paths.distribution, who: 'full', states: loadedAndError },
  { name: 'goods', path: paths.goods, who: 'full', states: all },
  {
    name: 'goods-detail',
    path: (h) => `${paths.goodsDetail}?id=${h.listings.onShelf}`,
    who: 'full',
    states: loadedAndError,
  },
  { name: 'level', path: paths.level, who: 'full', states: all },

  // Orders.
  {
    name: 'order-detail-awaiting-pickup',
    path: (h) => `${paths.orderDetail}?id=${h.orders.awaitingPickup}`,
    who: 'full',
    states: loadedAndError,
  },
  {
    name: 'order-detail-settled',
    path: (h) => `${paths.orderDetail}?id=${h.orders.settled}`,
    who: 'full',
    states: ['loaded'],
  },
  {
    name: 'order-detail-refunded-shipped',
    path: (h) => `${paths.orderDetail}?id=${h.orders.refundedShipped}`,
    who: 'full',
    states: ['loaded'],
  },
  {
    name: 'order-detail-refunded-before-shipping',
    path: (h) => `${paths.orderDetail}?id=${h.orders.refundedBeforeShipping}`,
    who: 'full',
    states: ['loaded'],
  },
  { name: 'refund-request', path: paths.refundRequest, who: 'full', states: all },

  // Money.
  { name: 'recharge', path: paths.recharge, who: 'full', states: loadedAndError },
  { name: 'wallet-recharge', path: paths.walletRecharge, who: 'full', states: loadedAndError },
  { name: 'bank-card-recharge', path: paths.bankCardRecharge, who: 'full', states: loadedAndError },
  // The merchant's own ERC20 address (watched: no form), and the platform's shared TRC20 address
  // with the amount and voucher form.
  { name: 'blockchain-recharge', path: paths.blockchainRecharge, who: 'full', states: loadedAndError },
  {
    name: 'blockchain-recharge-shared',
    path: paths.blockchainRecharge,
    who: 'full',
    states: ['loaded'],
    before: opening(
      (page) => page.getByText('USDT-TRC20', { exact: true }),
      (page) => page.locator('form'),
    ),
  },
  { name: 'recharge-record', path: paths.rechargeRecord, who: 'full', states: all },
  {
    // The question before a pending top-up is cancelled.
    name: 'recharge-record-cancel',
    path: paths.rechargeRecord,
    who: 'full',
    states: ['loaded'],
    before: opening(
      (page, lang) => page.getByRole('button', { name: msg(lang, 'wallet.cancel'), exact: true }).first(),
      (page) => page.getByRole('dialog'),
    ),
  },
  { name: 'withdraw', path: paths.withdraw, who: 'full', states: all },
  { name: 'withdraw-record', path: paths.withdrawRecord, who: 'full', states: all },
  { name: 'funds-records', path: paths.fundsRecords, who: 'full', states: all },
  { name: 'finance', path: paths.finance, who: 'full', states: all },
  { name: 'finance-today', path: `${paths.finance}?range=today`, who: 'full', states: ['loaded'] },
  { name: 'bank', path: paths.bank, who: 'full', states: all },
  { name: 'id-info', path: paths.idInfo, who: 'full', states: all },

  // Account and shop.
  { name: 'setting', path: paths.setting, who: 'full', states: ['loaded'] },
  { name: 'personal-info', path: paths.personalInfo, who: 'full', states: loadedAndError },
  { name: 'change-login-password', path: paths.changeLoginPassword, who: 'full', states: ['loaded'] },
  { name: 'change-pay-password', path: paths.changePayPassword, who: 'full', states: ['loaded'] },
  // Hoa Mai's sessions (this phone, the one she registered on, a laptop) and her security history;
  // the new merchant's few; both failing.
  { name: 'security', path: paths.security, who: 'full', states: all },
  { name: 'set-paypwd', path: paths.setPaypwd, who: 'empty', states: ['loaded'] },
  { name: 'service', path: paths.service, who: 'full', states: loadedAndError },
  { name: 'code', path: paths.code, who: 'full', states: loadedAndError, mask: inviteCodes },
  { name: 'settingup', path: paths.settingup, who: 'full', states: ['loaded'] },
  { name: 'baseinfo', path: paths.baseinfo, who: 'full', states: loadedAndError },
  { name: 'socialmedia', path: paths.socialmedia, who: 'full', states: loadedAndError },
  { name: 'upload-banner', path: paths.uploadBanner, who: 'full', states: all },

  // Messages.
  { name: 'message', path: paths.message, who: 'full', states: all },
  {
    name: 'message-detail',
    path: (h) => `${paths.messageDetail}?type=system&id=${h.systemMessageId}`,
    who: 'full',
    states: loadedAndError,
  },

  // Express lane and alliance.
  { name: 'store-express', path: paths.storeExpress, who: 'full', states: loadedAndError },
  {
    // A package chosen: the picker of on-shelf products and the buy bar.
    name: 'store-express-chosen',
    path: paths.storeExpress,
    who: 'full',
    states: ['loaded'],
    before: opening(
      (page) => page.getByRole('radio').first(),
      (page) => page.getByTestId('chosen'),
    ),
  },
  { name: 'buy-train-bill', path: paths.buyTrainBill, who: 'full', states: all },
  { name: 'alliance', path: paths.alliance, who: 'full', states: all, mask: inviteCodes },
];

/**
 * The storefront (under /s/), on a buyer's phone: a `visitor` is a guest, `buyer` the signed-in
 * buyer of the story; `empty` shows the empty shop (or a buyer with no orders).
 */
export interface StoreScreen extends Omit<Screen, 'who'> {
  who: 'visitor' | 'buyer';
}

export const STORE_SCREENS: StoreScreen[] = [
  { name: 'shop', path: (h) => `/s/${h.full.id}`, who: 'visitor', states: ['loaded', 'error'] },
  { name: 'shop-empty', path: (h) => `/s/${h.empty.id}`, who: 'visitor', states: ['loaded'] },
  { name: 'shop-not-found', path: '/s/999999', who: 'visitor', states: ['loaded'] },
  { name: 'product', path: (h) => `/s/p/${h.listings.onShelf}`, who: 'visitor', states: ['loaded', 'error'] },
  {
    name: 'checkout',
    path: (h) => `/s/checkout/${h.listings.onShelf}?q=1`,
    who: 'visitor',
    states: ['loaded'],
  },
  {
    name: 'pay',
    path: (h) => `/s/pay/${h.unpaidPayment}?order=${h.orders.unpaid}`,
    who: 'visitor',
    states: ['loaded'],
  },
  {
    name: 'order-reached',
    mask: orderLink,
    path: (h) => `/s/order/${h.orders.reached}?t=${h.guestLinks[h.orders.reached as number]}`,
    who: 'visitor',
    states: ['loaded', 'error'],
  },
  {
    name: 'order-refund-asked',
    mask: orderLink,
    path: (h) => `/s/order/${h.orders.refundAsked}?t=${h.guestLinks[h.orders.refundAsked as number]}`,
    who: 'visitor',
    states: ['loaded'],
  },
  {
    name: 'order-refunded',
    mask: orderLink,
    path: (h) => `/s/order/${h.orders.refundedShipped}?t=${h.guestLinks[h.orders.refundedShipped as number]}`,
    who: 'visitor',
    states: ['loaded'],
  },
  { name: 'order-received', path: (h) => `/s/order/${h.orders.received}`, who: 'buyer', states: ['loaded'] },
  { name: 'login', path: '/s/login', who: 'visitor', states: ['loaded'] },
  { name: 'orders', path: '/s/orders', who: 'buyer', states: ['loaded', 'error'] },
  { name: 'orders-signed-out', path: '/s/orders', who: 'visitor', states: ['loaded'] },
];

/** The operator console (under /console/), at 1440 px, signed in as the demo admin. */
export const CONSOLE_SCREENS: Screen[] = [
  { name: 'sign-in', path: '/console/login', who: 'visitor', states: ['loaded'] },
  { name: 'overview', path: '/console/', who: 'full', states: ['loaded', 'error'] },
  { name: 'queue-recharges', path: '/console/queues/recharges', who: 'full', states: ['loaded', 'error'] },
  {
    name: 'queue-withdrawals',
    path: '/console/queues/withdrawals',
    who: 'full',
    states: ['loaded', 'error'],
  },
  { name: 'queue-kyc', path: '/console/queues/kyc', who: 'full', states: ['loaded', 'error'] },
  { name: 'queue-appeals', path: '/console/queues/appeals', who: 'full', states: ['loaded', 'error'] },
  { name: 'products', path: '/console/catalogue/products', who: 'full', states: ['loaded', 'error'] },
  { name: 'categories', path: '/console/catalogue/categories', who: 'full', states: ['loaded', 'error'] },
  { name: 'product-import', path: '/console/catalogue/import', who: 'full', states: ['loaded'] },
  { name: 'levels', path: '/console/catalogue/levels', who: 'full', states: ['loaded', 'error'] },
  { name: 'packages', path: '/console/catalogue/packages', who: 'full', states: ['loaded', 'error'] },
  { name: 'orders', path: '/console/orders', who: 'full', states: ['loaded', 'error'] },
  {
    name: 'order',
    path: (h) => `/console/orders/${h.orders.refundedShipped}`,
    who: 'full',
    states: ['loaded', 'error'],
  },
  { name: 'bulk-shipping', path: '/console/orders/bulk', who: 'full', states: ['loaded'] },
  { name: 'merchants', path: '/console/merchants', who: 'full', states: ['loaded', 'error'] },
  {
    name: 'merchant',
    path: (h) => `/console/merchants/${h.full.id}`,
    who: 'full',
    states: ['loaded', 'error'],
  },
  { name: 'merchant-new', path: (h) => `/console/merchants/${h.empty.id}`, who: 'full', states: ['loaded'] },
  { name: 'adjustments', path: '/console/adjustments', who: 'full', states: ['loaded', 'error'] },
  { name: 'settings', path: '/console/settings', who: 'full', states: ['loaded', 'error'] },
  // The watched ERC20 network of the story (a local node, up to date) and its alerts (none).
  {
    name: 'chain',
    path: '/console/settings/chain',
    who: 'full',
    states: ['loaded', 'error'],
    // The local node listens on a port of its own each run.
    mask: (page) => [page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/)],
  },
  { name: 'chain-alerts', path: '/console/settings/chain?tab=alerts', who: 'full', states: ['loaded'] },
  { name: 'messages', path: '/console/messages', who: 'full', states: ['loaded', 'error'] },
  { name: 'operators', path: '/console/operators', who: 'full', states: ['loaded', 'error'] },
  { name: 'audit', path: '/console/audit', who: 'full', states: ['loaded', 'error'] },
];
