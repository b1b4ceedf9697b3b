/** The rows of `kycRoutes` (kyc.ts): method, path and auth. See route.ts `PathRow`. */

export const idcard = { method: 'GET', path: '/merchant/merchant/idcard', auth: 'merchant' } as const;
export const submitIdcard = { method: 'POST', path: '/merchant/merchant/idcard', auth: 'merchant' } as const;
export const bank = { method: 'GET', path: '/merchant/merchant/bank', auth: 'merchant' } as const;
export const changeBank = {
  method: 'POST',
  path: '/merchant/merchant/changeBank',
  auth: 'merchant',
} as const;
