/** The rows of `dashboardRoutes` (dashboard.ts): method, path and auth. See route.ts `PathRow`. */

export const index = { method: 'GET', path: '/merchant/index/index', auth: 'merchant' } as const;
export const echart = { method: 'GET', path: '/merchant/index/echart', auth: 'merchant' } as const;
export const visits = { method: 'GET', path: '/merchant/index/visits', auth: 'merchant' } as const;
export const ratings = { method: 'GET', path: '/merchant/index/ratings', auth: 'merchant' } as const;
