/**
 * Every route row's address and caller, without its schemas: `{ method, path, auth }` per row, one
 * table per domain under the same names as the domain's zod table (`storePaths.shop` is
 * `storeRoutes.shop`'s). The zod rows are built from these (`...storePaths.shop`), so a path lives
 * here once, and paths.test.ts checks that every zod row has its plain row and agrees with it.
 *
 * This module, like constants.ts, route.ts, errors.ts and money.ts, imports nothing at runtime that
 * brings zod (paths.light.test.ts proves it), so the light clients (the storefront, the merchant
 * app's /login and /home pages) call the API through these rows and keep no path of their own; they
 * take request and reply types from the zod rows with `import type`, which costs nothing at runtime.
 */

/** The methods the API answers. */
export type Method = 'GET' | 'POST';

/**
 * Who may call a row: nobody in particular, a merchant (or, `optional`, a merchant when a token is
 * sent), an operator, a storefront buyer (or, `buyer_optional`, a buyer or a guest).
 */
export type Auth = 'none' | 'merchant' | 'optional' | 'operator' | 'buyer' | 'buyer_optional';

/** One row's address and caller. */
export interface PathRow {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
}

type PathTable = Readonly<Record<string, PathRow>>;

/** The rows of `account.ts` `accountRoutes`. */
export const accountPaths = {
  config: { method: 'GET', path: '/merchant/common/config', auth: 'none' },
  captcha: { method: 'GET', path: '/merchant/common/captcha', auth: 'none' },
  upload: { method: 'POST', path: '/merchant/common/upload', auth: 'optional' },
  verifyCode: { method: 'POST', path: '/merchant/merchant/verify_code', auth: 'none' },
  register: { method: 'POST', path: '/merchant/merchant/register', auth: 'none' },
  login: { method: 'POST', path: '/merchant/merchant/login', auth: 'none' },
  logout: { method: 'POST', path: '/merchant/merchant/logout', auth: 'merchant' },
  getMerInfo: { method: 'GET', path: '/merchant/merchant/getMerInfo', auth: 'merchant' },
  sendCode: { method: 'POST', path: '/merchant/merchant/send_code', auth: 'none' },
  resetPwd: { method: 'POST', path: '/merchant/merchant/resetpwd', auth: 'optional' },
  setPayPwd: { method: 'POST', path: '/merchant/merchant/setPaypwd', auth: 'merchant' },
  resetPay: { method: 'POST', path: '/merchant/merchant/resetPay', auth: 'merchant' },
  verifyPay: { method: 'POST', path: '/merchant/merchant/verify_pay', auth: 'merchant' },
  third: { method: 'POST', path: '/merchant/merchant/third', auth: 'none' },
  tkregister: { method: 'POST', path: '/merchant/merchant/tkregister', auth: 'none' },
  setLanguage: { method: 'GET', path: '/merchant/merchant/set_language', auth: 'merchant' },
  setTimeZone: { method: 'POST', path: '/merchant/merchant/setTimeZone', auth: 'merchant' },
  languageList: { method: 'GET', path: '/merchant/merchant/language_list', auth: 'none' },
} as const satisfies PathTable;

/** The rows of `admin.ts` `adminRoutes`. */
export const adminPaths = {
  login: { method: 'POST', path: '/admin/login', auth: 'none' },
  loginTotp: { method: 'POST', path: '/admin/login/totp', auth: 'none' },
  logout: { method: 'POST', path: '/admin/logout', auth: 'operator' },
  me: { method: 'GET', path: '/admin/me', auth: 'operator' },
  operators: { method: 'GET', path: '/admin/operators', auth: 'operator' },
  createOperator: { method: 'POST', path: '/admin/operators/create', auth: 'operator' },
  updateOperator: { method: 'POST', path: '/admin/operators/update', auth: 'operator' },
  resetTotp: { method: 'POST', path: '/admin/operators/reset_totp', auth: 'operator' },
  audit: { method: 'GET', path: '/admin/audit', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `alliance.ts` `allianceRoutes`. */
export const alliancePaths = {
  coalition: { method: 'GET', path: '/merchant/index/coalition', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `alliance.ts` `adminAllianceRoutes`. */
export const adminAlliancePaths = {
  settings: { method: 'GET', path: '/admin/alliance/settings', auth: 'operator' },
  setSettings: { method: 'POST', path: '/admin/alliance/settings', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `catalogue.ts` `catalogueRoutes`. */
export const cataloguePaths = {
  category: { method: 'GET', path: '/merchant/product/category', auth: 'merchant' },
  product: { method: 'GET', path: '/merchant/product/product', auth: 'merchant' },
  hot: { method: 'GET', path: '/merchant/product/hot', auth: 'merchant' },
  add: { method: 'POST', path: '/merchant/product/add', auth: 'merchant' },
  addAll: { method: 'POST', path: '/merchant/product/addAll', auth: 'merchant' },
  addAllHot: { method: 'POST', path: '/merchant/product/addAllHot', auth: 'merchant' },
  manage: { method: 'GET', path: '/merchant/product/manage', auth: 'merchant' },
  detail: { method: 'GET', path: '/merchant/product/detail', auth: 'merchant' },
  setSwitch: { method: 'POST', path: '/merchant/product/setSwitch', auth: 'merchant' },
  del: { method: 'POST', path: '/merchant/product/del', auth: 'merchant' },
  level: { method: 'GET', path: '/merchant/index/level', auth: 'merchant' },
  levelUpgrade: { method: 'POST', path: '/merchant/index/level_upgrade', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `catalogue.ts` `adminCatalogueRoutes`. */
export const adminCataloguePaths = {
  categories: { method: 'GET', path: '/admin/catalogue/categories', auth: 'operator' },
  createCategory: { method: 'POST', path: '/admin/catalogue/categories', auth: 'operator' },
  updateCategory: { method: 'POST', path: '/admin/catalogue/categories/update', auth: 'operator' },
  products: { method: 'GET', path: '/admin/catalogue/products', auth: 'operator' },
  createProduct: { method: 'POST', path: '/admin/catalogue/products', auth: 'operator' },
  updateProduct: { method: 'POST', path: '/admin/catalogue/products/update', auth: 'operator' },
  uploadImage: { method: 'POST', path: '/admin/catalogue/products/image', auth: 'operator' },
  importCsv: { method: 'POST', path: '/admin/catalogue/products/import', auth: 'operator' },
  levels: { method: 'GET', path: '/admin/levels', auth: 'operator' },
  createLevel: { method: 'POST', path: '/admin/levels', auth: 'operator' },
  updateLevel: { method: 'POST', path: '/admin/levels/update', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `dashboard.ts` `dashboardRoutes`. */
export const dashboardPaths = {
  index: { method: 'GET', path: '/merchant/index/index', auth: 'merchant' },
  echart: { method: 'GET', path: '/merchant/index/echart', auth: 'merchant' },
  visits: { method: 'GET', path: '/merchant/index/visits', auth: 'merchant' },
  ratings: { method: 'GET', path: '/merchant/index/ratings', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `express.ts` `expressRoutes`. */
export const expressPaths = {
  train: { method: 'GET', path: '/merchant/index/train', auth: 'merchant' },
  buyTrain: { method: 'POST', path: '/merchant/index/buy_train', auth: 'merchant' },
  buyTrainBill: { method: 'GET', path: '/merchant/index/buy_train_bill', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `express.ts` `adminExpressRoutes`. */
export const adminExpressPaths = {
  packages: { method: 'GET', path: '/admin/express/packages', auth: 'operator' },
  createPackage: { method: 'POST', path: '/admin/express/packages', auth: 'operator' },
  updatePackage: { method: 'POST', path: '/admin/express/packages/update', auth: 'operator' },
  disablePackage: { method: 'POST', path: '/admin/express/packages/disable', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `kyc.ts` `kycRoutes`. */
export const kycPaths = {
  idcard: { method: 'GET', path: '/merchant/merchant/idcard', auth: 'merchant' },
  submitIdcard: { method: 'POST', path: '/merchant/merchant/idcard', auth: 'merchant' },
  bank: { method: 'GET', path: '/merchant/merchant/bank', auth: 'merchant' },
  changeBank: { method: 'POST', path: '/merchant/merchant/changeBank', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `kyc.ts` `adminKycRoutes`. */
export const adminKycPaths = {
  list: { method: 'GET', path: '/admin/kyc', auth: 'operator' },
  approve: { method: 'POST', path: '/admin/kyc/approve', auth: 'operator' },
  reject: { method: 'POST', path: '/admin/kyc/reject', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `merchants-admin.ts` `merchantAdminRoutes`. */
export const merchantAdminPaths = {
  merchants: { method: 'GET', path: '/admin/merchants', auth: 'operator' },
  detail: { method: 'GET', path: '/admin/merchants/detail', auth: 'operator' },
  funds: { method: 'GET', path: '/admin/merchants/funds', auth: 'operator' },
  sessions: { method: 'GET', path: '/admin/merchants/sessions', auth: 'operator' },
  notices: { method: 'GET', path: '/admin/merchants/notices', auth: 'operator' },
  adjustments: { method: 'GET', path: '/admin/adjustments', auth: 'operator' },
  proposeAdjustment: { method: 'POST', path: '/admin/adjustments/propose', auth: 'operator' },
  approveAdjustment: { method: 'POST', path: '/admin/adjustments/approve', auth: 'operator' },
  rejectAdjustment: { method: 'POST', path: '/admin/adjustments/reject', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `messages.ts` `messageRoutes`. */
export const messagePaths = {
  affiche: { method: 'GET', path: '/merchant/merchant/affiche', auth: 'merchant' },
  notice: { method: 'GET', path: '/merchant/index/notice', auth: 'merchant' },
  noticeDetail: { method: 'GET', path: '/merchant/index/notice_detail', auth: 'merchant' },
  unread: { method: 'GET', path: '/merchant/index/notice_unread', auth: 'merchant' },
  seeNotice: { method: 'POST', path: '/merchant/index/see_notice', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `messages.ts` `adminMessageRoutes`. */
export const adminMessagePaths = {
  broadcasts: { method: 'GET', path: '/admin/messages', auth: 'operator' },
  broadcast: { method: 'POST', path: '/admin/messages/send', auth: 'operator' },
  announcements: { method: 'GET', path: '/admin/announcements', auth: 'operator' },
  createAnnouncement: { method: 'POST', path: '/admin/announcements/create', auth: 'operator' },
  updateAnnouncement: { method: 'POST', path: '/admin/announcements/update', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `orders.ts` `orderRoutes`. */
export const orderPaths = {
  list: { method: 'GET', path: '/merchant/order/list', auth: 'merchant' },
  detail: { method: 'GET', path: '/merchant/order/detail', auth: 'merchant' },
  orderCount: { method: 'POST', path: '/merchant/order/orderCount', auth: 'merchant' },
  pick: { method: 'POST', path: '/merchant/order/pick', auth: 'merchant' },
  pickBatch: { method: 'POST', path: '/merchant/order/pick_batch', auth: 'merchant' },
  refundOrder: { method: 'GET', path: '/merchant/merchant/refund_order', auth: 'merchant' },
  refundAudit: { method: 'POST', path: '/merchant/merchant/refund_audit', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `orders.ts` `adminOrderRoutes`. */
export const adminOrderPaths = {
  orders: { method: 'GET', path: '/admin/orders', auth: 'operator' },
  order: { method: 'GET', path: '/admin/orders/detail', auth: 'operator' },
  ship: { method: 'POST', path: '/admin/orders/ship', auth: 'operator' },
  progress: { method: 'POST', path: '/admin/orders/progress', auth: 'operator' },
  shipCsv: { method: 'POST', path: '/admin/orders/ship_csv', auth: 'operator' },
  appeals: { method: 'GET', path: '/admin/refunds/appeals', auth: 'operator' },
  arbitrate: { method: 'POST', path: '/admin/refunds/arbitrate', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `overview.ts` `overviewRoutes`. */
export const overviewPaths = {
  overview: { method: 'GET', path: '/admin/overview', auth: 'operator' },
  queues: { method: 'GET', path: '/admin/queues', auth: 'operator' },
  ledgerChecks: { method: 'GET', path: '/admin/ledger/checks', auth: 'operator' },
  runLedgerCheck: { method: 'POST', path: '/admin/ledger/check', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `reports.ts` `reportsRoutes`. */
export const reportsPaths = {
  bill: { method: 'GET', path: '/merchant/merchant/bill', auth: 'merchant' },
  financialReport: { method: 'GET', path: '/merchant/merchant/financial_report', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `settings.ts` `settingsRoutes`. */
export const settingsPaths = {
  getBankAccount: { method: 'GET', path: '/merchant/merchant/getBankAccount', auth: 'merchant' },
  getManualDeposit: { method: 'GET', path: '/merchant/merchant/getManualDeposit', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `settings.ts` `adminSettingsRoutes`. */
export const adminSettingsPaths = {
  bankAccount: { method: 'GET', path: '/admin/topup_bank_account', auth: 'operator' },
  setBankAccount: { method: 'POST', path: '/admin/topup_bank_account', auth: 'operator' },
  manualDeposit: { method: 'GET', path: '/admin/topup_manual', auth: 'operator' },
  setManualDeposit: { method: 'POST', path: '/admin/topup_manual', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `shop.ts` `shopRoutes`. */
export const shopPaths = {
  store: { method: 'POST', path: '/merchant/merchant/store', auth: 'merchant' },
  storeBanner: { method: 'POST', path: '/merchant/merchant/store_banner', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `shop.ts` `adminShopRoutes`. */
export const adminShopPaths = {
  shop: { method: 'GET', path: '/admin/shop', auth: 'operator' },
  close: { method: 'POST', path: '/admin/shop/close', auth: 'operator' },
  reopen: { method: 'POST', path: '/admin/shop/reopen', auth: 'operator' },
  serviceContact: { method: 'GET', path: '/admin/service_contact', auth: 'operator' },
  setServiceContact: { method: 'POST', path: '/admin/service_contact', auth: 'operator' },
} as const satisfies PathTable;

/** The rows of `store.ts` `storeRoutes`. */
export const storePaths = {
  shop: { method: 'GET', path: '/store/shop', auth: 'buyer_optional' },
  products: { method: 'GET', path: '/store/products', auth: 'none' },
  product: { method: 'GET', path: '/store/product', auth: 'none' },
  visit: { method: 'POST', path: '/store/visit', auth: 'none' },
  follow: { method: 'POST', path: '/store/follow', auth: 'buyer' },
  sendCode: { method: 'POST', path: '/store/auth/send_code', auth: 'none' },
  login: { method: 'POST', path: '/store/auth/login', auth: 'none' },
  logout: { method: 'POST', path: '/store/auth/logout', auth: 'buyer' },
  checkout: { method: 'POST', path: '/store/checkout', auth: 'buyer_optional' },
  testPay: { method: 'POST', path: '/store/pay/test', auth: 'none' },
  orders: { method: 'GET', path: '/store/orders', auth: 'buyer' },
  order: { method: 'GET', path: '/store/order', auth: 'buyer_optional' },
  cancel: { method: 'POST', path: '/store/order/cancel', auth: 'buyer_optional' },
  confirm: { method: 'POST', path: '/store/order/confirm', auth: 'buyer_optional' },
  rate: { method: 'POST', path: '/store/order/rate', auth: 'buyer_optional' },
  refund: { method: 'POST', path: '/store/order/refund', auth: 'buyer_optional' },
  appeal: { method: 'POST', path: '/store/order/appeal', auth: 'buyer_optional' },
} as const satisfies PathTable;

/** The rows of `wallet.ts` `walletRoutes`. */
export const walletPaths = {
  getBlockchain: { method: 'GET', path: '/merchant/merchant/getBlockchain', auth: 'merchant' },
  recharge: { method: 'POST', path: '/merchant/merchant/recharge', auth: 'merchant' },
  rechargeLog: { method: 'GET', path: '/merchant/merchant/recharge_log', auth: 'merchant' },
  rechargeCancel: { method: 'POST', path: '/merchant/merchant/recharge_cancel', auth: 'merchant' },
  extractInfo: { method: 'GET', path: '/merchant/merchant/extract', auth: 'merchant' },
  extract: { method: 'POST', path: '/merchant/merchant/extract', auth: 'merchant' },
  extractLog: { method: 'GET', path: '/merchant/merchant/extract_log', auth: 'merchant' },
  extractCancel: { method: 'POST', path: '/merchant/merchant/extract_cancel', auth: 'merchant' },
} as const satisfies PathTable;

/** The rows of `wallet.ts` `adminWalletRoutes`. */
export const adminWalletPaths = {
  recharges: { method: 'GET', path: '/admin/recharges', auth: 'operator' },
  approveRecharge: { method: 'POST', path: '/admin/recharges/approve', auth: 'operator' },
  rejectRecharge: { method: 'POST', path: '/admin/recharges/reject', auth: 'operator' },
  withdrawals: { method: 'GET', path: '/admin/withdrawals', auth: 'operator' },
  approveWithdrawal: { method: 'POST', path: '/admin/withdrawals/approve', auth: 'operator' },
  rejectWithdrawal: { method: 'POST', path: '/admin/withdrawals/reject', auth: 'operator' },
  depositAddresses: { method: 'GET', path: '/admin/deposit_addresses', auth: 'operator' },
  setDepositAddress: { method: 'POST', path: '/admin/deposit_addresses', auth: 'operator' },
  settings: { method: 'GET', path: '/admin/wallet/settings', auth: 'operator' },
  setSettings: { method: 'POST', path: '/admin/wallet/settings', auth: 'operator' },
} as const satisfies PathTable;
