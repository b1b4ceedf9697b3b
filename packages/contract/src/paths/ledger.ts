/** The rows of `ledgerRoutes` (ledger.ts): method, path and auth. See route.ts `PathRow`. */

export const key = { method: 'GET', path: '/ledger/key', auth: 'none' } as const;
export const checkpoints = { method: 'GET', path: '/ledger/checkpoints', auth: 'none' } as const;
