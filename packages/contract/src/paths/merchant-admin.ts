/** The rows of `merchantAdminRoutes` (merchants-admin.ts): method, path and auth. See route.ts `PathRow`. */

export const merchants = { method: 'GET', path: '/admin/merchants', auth: 'operator' } as const;
export const detail = { method: 'GET', path: '/admin/merchants/detail', auth: 'operator' } as const;
export const funds = { method: 'GET', path: '/admin/merchants/funds', auth: 'operator' } as const;
export const statement = {
  method: 'GET',
  path: '/admin/merchants/statement',
  auth: 'operator',
} as const;
export const sessions = { method: 'GET', path: '/admin/merchants/sessions', auth: 'operator' } as const;
export const notices = { method: 'GET', path: '/admin/merchants/notices', auth: 'operator' } as const;
export const adjustments = { method: 'GET', path: '/admin/adjustments', auth: 'operator' } as const;
export const proposeAdjustment = {
  method: 'POST',
  path: '/admin/adjustments/propose',
  auth: 'operator',
} as const;
export const approveAdjustment = {
  method: 'POST',
  path: '/admin/adjustments/approve',
  auth: 'operator',
} as const;
export const rejectAdjustment = {
  method: 'POST',
  path: '/admin/adjustments/reject',
  auth: 'operator',
} as const;
