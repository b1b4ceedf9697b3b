/** The rows of `adminRoutes` (admin.ts): method, path and auth. See route.ts `PathRow`. */

export const login = { method: 'POST', path: '/admin/login', auth: 'none' } as const;
export const loginTotp = { method: 'POST', path: '/admin/login/totp', auth: 'none' } as const;
export const logout = { method: 'POST', path: '/admin/logout', auth: 'operator' } as const;
export const me = { method: 'GET', path: '/admin/me', auth: 'operator' } as const;
export const operators = { method: 'GET', path: '/admin/operators', auth: 'operator' } as const;
export const createOperator = { method: 'POST', path: '/admin/operators/create', auth: 'operator' } as const;
export const updateOperator = { method: 'POST', path: '/admin/operators/update', auth: 'operator' } as const;
export const resetTotp = { method: 'POST', path: '/admin/operators/reset_totp', auth: 'operator' } as const;
export const audit = { method: 'GET', path: '/admin/audit', auth: 'operator' } as const;
