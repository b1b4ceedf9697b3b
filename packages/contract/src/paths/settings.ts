/** The rows of `settingsRoutes` (settings.ts): method, path and auth. See route.ts `PathRow`. */

export const getBankAccount = {
  method: 'GET',
  path: '/merchant/merchant/getBankAccount',
  auth: 'merchant',
} as const;
export const getManualDeposit = {
  method: 'GET',
  path: '/merchant/merchant/getManualDeposit',
  auth: 'merchant',
} as const;
