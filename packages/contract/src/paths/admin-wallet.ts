/** The rows of `adminWalletRoutes` (wallet.ts): method, path and auth. See route.ts `PathRow`. */

export const recharges = { method: 'GET', path: '/admin/recharges', auth: 'operator' } as const;
export const approveRecharge = {
  method: 'POST',
  path: '/admin/recharges/approve',
  auth: 'operator',
} as const;
export const rejectRecharge = { method: 'POST', path: '/admin/recharges/reject', auth: 'operator' } as const;
export const withdrawals = { method: 'GET', path: '/admin/withdrawals', auth: 'operator' } as const;
export const approveWithdrawal = {
  method: 'POST',
  path: '/admin/withdrawals/approve',
  auth: 'operator',
} as const;
export const rejectWithdrawal = {
  method: 'POST',
  path: '/admin/withdrawals/reject',
  auth: 'operator',
} as const;
export const depositAddresses = {
  method: 'GET',
  path: '/admin/deposit_addresses',
  auth: 'operator',
} as const;
export const setDepositAddress = {
  method: 'POST',
  path: '/admin/deposit_addresses',
  auth: 'operator',
} as const;
export const settings = { method: 'GET', path: '/admin/wallet/settings', auth: 'operator' } as const;
export const setSettings = { method: 'POST', path: '/admin/wallet/settings', auth: 'operator' } as const;
