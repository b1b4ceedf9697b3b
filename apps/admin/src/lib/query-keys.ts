import { queryKeysFactory } from '@dropdesk/web-kit/query-keys';

/**
 * Query keys per domain from the kit's factory (@dropdesk/web-kit/query-keys, as apps/web's): each
 * key starts with its domain, so `xKeys.all` reaches every query of it, and a list key ends with its
 * filters. Kept here because one feature refreshes another's (a decision refreshes the overview's counts).
 */
const q = queryKeysFactory('queues');
export const queueKeys = {
  /** Every queue: a decision refreshes them all (and the overview's sizes). */
  all: q.all,
  list: (queue: string, filters: object) => q.list(queue, filters),
  history: (queue: string, merchantId: number) => q.detail(`${queue}-history`, merchantId),
};

const c = queryKeysFactory('catalogue');
export const catalogueKeys = {
  all: c.all,
  categories: () => c.one('categories'),
  products: (filters: object) => c.list('products', filters),
  levels: () => c.one('levels'),
  packages: () => c.one('packages'),
};

const o = queryKeysFactory('orders');
export const orderKeys = {
  all: o.all,
  list: (filters: object) => o.list('orders', filters),
  detail: (id: number) => o.detail('order', id),
};

const m = queryKeysFactory('merchants');
export const merchantKeys = {
  all: m.all,
  list: (filters: object) => m.list('merchants', filters),
  detail: (id: number) => m.detail('merchant', id),
  tab: (id: number, tab: string, filters: object) => [...m.detail('merchant', id), tab, filters] as const,
  adjustments: (filters: object) => m.list('adjustments', filters),
};

const s = queryKeysFactory('settings');
export const settingsKeys = {
  all: s.all,
  one: <const N extends string>(name: N) => s.one(name),
};

/** Chain deposits: the overview's watcher cards read the same networks as the settings screen. */
const ch = queryKeysFactory('chain');
export const chainKeys = {
  all: ch.all,
  networks: () => ch.one('networks'),
  alerts: (filters: object) => ch.list('alerts', filters),
};

const msg = queryKeysFactory('messages');
export const messageKeys = {
  all: msg.all,
  broadcasts: (filters: object) => msg.list('broadcasts', filters),
  announcements: (filters: object) => msg.list('announcements', filters),
};

const ops = queryKeysFactory('operators');
export const operatorKeys = {
  all: ops.all,
  me: () => ops.one('me'),
  list: (filters: object) => ops.list('operators', filters),
  audit: (filters: object) => ops.list('audit', filters),
};

const ov = queryKeysFactory('overview');
export const overviewKeys = {
  all: ov.all,
  overview: () => ov.one('overview'),
  queues: () => ov.one('queues'),
  ledgerCheck: () => ov.one('ledger-check'),
};
