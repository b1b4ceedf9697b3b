/** The rows of `orderRoutes` (orders.ts): method, path and auth. See route.ts `PathRow`. */

export const list = { method: 'GET', path: '/merchant/order/list', auth: 'merchant' } as const;
export const detail = { method: 'GET', path: '/merchant/order/detail', auth: 'merchant' } as const;
export const orderCount = { method: 'POST', path: '/merchant/order/orderCount', auth: 'merchant' } as const;
export const pick = { method: 'POST', path: '/merchant/order/pick', auth: 'merchant' } as const;
export const pickBatch = { method: 'POST', path: '/merchant/order/pick_batch', auth: 'merchant' } as const;
export const refundOrder = {
  method: 'GET',
  path: '/merchant/merchant/refund_order',
  auth: 'merchant',
} as const;
export const refundAudit = {
  method: 'POST',
  path: '/merchant/merchant/refund_audit',
  auth: 'merchant',
} as const;
