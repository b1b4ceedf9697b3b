/** The rows of `shopRoutes` (shop.ts): method, path and auth. See route.ts `PathRow`. */

export const store = { method: 'POST', path: '/merchant/merchant/store', auth: 'merchant' } as const;
export const storeBanner = {
  method: 'POST',
  path: '/merchant/merchant/store_banner',
  auth: 'merchant',
} as const;
