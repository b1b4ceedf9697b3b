/** The rows of `adminKycRoutes` (kyc.ts): method, path and auth. See route.ts `PathRow`. */

export const list = { method: 'GET', path: '/admin/kyc', auth: 'operator' } as const;
export const approve = { method: 'POST', path: '/admin/kyc/approve', auth: 'operator' } as const;
export const reject = { method: 'POST', path: '/admin/kyc/reject', auth: 'operator' } as const;
