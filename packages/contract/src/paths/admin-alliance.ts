/** The rows of `adminAllianceRoutes` (alliance.ts): method, path and auth. See route.ts `PathRow`. */

export const settings = { method: 'GET', path: '/admin/alliance/settings', auth: 'operator' } as const;
export const setSettings = { method: 'POST', path: '/admin/alliance/settings', auth: 'operator' } as const;
