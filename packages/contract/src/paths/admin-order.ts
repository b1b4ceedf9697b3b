/** The rows of `adminOrderRoutes` (orders.ts): method, path and auth. See route.ts `PathRow`. */

export const orders = { method: 'GET', path: '/admin/orders', auth: 'operator' } as const;
export const order = { method: 'GET', path: '/admin/orders/detail', auth: 'operator' } as const;
export const ship = { method: 'POST', path: '/admin/orders/ship', auth: 'operator' } as const;
export const progress = { method: 'POST', path: '/admin/orders/progress', auth: 'operator' } as const;
export const shipCsv = { method: 'POST', path: '/admin/orders/ship_csv', auth: 'operator' } as const;
export const appeals = { method: 'GET', path: '/admin/refunds/appeals', auth: 'operator' } as const;
export const arbitrate = { method: 'POST', path: '/admin/refunds/arbitrate', auth: 'operator' } as const;
