/** The rows of `walletRoutes` (wallet.ts): method, path and auth. See route.ts `PathRow`. */

export const getBlockchain = {
  method: 'GET',
  path: '/merchant/merchant/getBlockchain',
  auth: 'merchant',
} as const;
export const recharge = { method: 'POST', path: '/merchant/merchant/recharge', auth: 'merchant' } as const;
export const rechargeLog = {
  method: 'GET',
  path: '/merchant/merchant/recharge_log',
  auth: 'merchant',
} as const;
export const rechargeCancel = {
  method: 'POST',
  path: '/merchant/merchant/recharge_cancel',
  auth: 'merchant',
} as const;
export const extractInfo = { method: 'GET', path: '/merchant/merchant/extract', auth: 'merchant' } as const;
export const extract = { method: 'POST', path: '/merchant/merchant/extract', auth: 'merchant' } as const;
export const extractLog = {
  method: 'GET',
  path: '/merchant/merchant/extract_log',
  auth: 'merchant',
} as const;
export const extractCancel = {
  method: 'POST',
  path: '/merchant/merchant/extract_cancel',
  auth: 'merchant',
} as const;
