/** The rows of `adminShopRoutes` (shop.ts): method, path and auth. See route.ts `PathRow`. */

export const shop = { method: 'GET', path: '/admin/shop', auth: 'operator' } as const;
export const close = { method: 'POST', path: '/admin/shop/close', auth: 'operator' } as const;
export const reopen = { method: 'POST', path: '/admin/shop/reopen', auth: 'operator' } as const;
export const serviceContact = { method: 'GET', path: '/admin/service_contact', auth: 'operator' } as const;
export const setServiceContact = {
  method: 'POST',
  path: '/admin/service_contact',
  auth: 'operator',
} as const;
