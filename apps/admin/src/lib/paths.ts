/** The console's addresses, under the router's basename (/console). */
export const paths = {
  login: '/login',
  overview: '/',
  recharges: '/queues/recharges',
  withdrawals: '/queues/withdrawals',
  kyc: '/queues/kyc',
  appeals: '/queues/appeals',
  categories: '/catalogue/categories',
  products: '/catalogue/products',
  productImport: '/catalogue/import',
  levels: '/catalogue/levels',
  packages: '/catalogue/packages',
  orders: '/orders',
  order: (id: number | string) => `/orders/${id}`,
  orderPattern: '/orders/:id',
  bulkShipping: '/orders/bulk',
  merchants: '/merchants',
  merchant: (id: number | string) => `/merchants/${id}`,
  merchantPattern: '/merchants/:id',
  adjustments: '/adjustments',
  settings: '/settings',
  /** Chain deposits: the watched networks (tab `networks`) and the watcher's alerts (tab `alerts`). */
  chain: '/settings/chain',
  chainAlerts: '/settings/chain?tab=alerts',
  messages: '/messages',
  operators: '/operators',
  audit: '/audit',
} as const;

export const BASENAME = '/console';
