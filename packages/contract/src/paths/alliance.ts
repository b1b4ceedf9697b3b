/** The rows of `allianceRoutes` (alliance.ts): method, path and auth. See route.ts `PathRow`. */

export const coalition = { method: 'GET', path: '/merchant/index/coalition', auth: 'merchant' } as const;
