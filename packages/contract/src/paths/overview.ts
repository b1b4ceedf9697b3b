/** The rows of `overviewRoutes` (overview.ts): method, path and auth. See route.ts `PathRow`. */

export const overview = { method: 'GET', path: '/admin/overview', auth: 'operator' } as const;
export const queues = { method: 'GET', path: '/admin/queues', auth: 'operator' } as const;
export const ledgerChecks = { method: 'GET', path: '/admin/ledger/checks', auth: 'operator' } as const;
export const runLedgerCheck = { method: 'POST', path: '/admin/ledger/check', auth: 'operator' } as const;
