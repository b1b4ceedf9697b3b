/** The rows of `adminChainRoutes` (chain.ts): method, path and auth. See route.ts `PathRow`. */

export const networks = { method: 'GET', path: '/admin/chain/networks', auth: 'operator' } as const;
export const setNetwork = { method: 'POST', path: '/admin/chain/networks', auth: 'operator' } as const;
export const alerts = { method: 'GET', path: '/admin/chain/alerts', auth: 'operator' } as const;
export const resolveAlert = {
  method: 'POST',
  path: '/admin/chain/alerts/resolve',
  auth: 'operator',
} as const;
