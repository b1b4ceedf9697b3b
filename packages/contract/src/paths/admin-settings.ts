/** The rows of `adminSettingsRoutes` (settings.ts): method, path and auth. See route.ts `PathRow`. */

export const bankAccount = { method: 'GET', path: '/admin/topup_bank_account', auth: 'operator' } as const;
export const setBankAccount = {
  method: 'POST',
  path: '/admin/topup_bank_account',
  auth: 'operator',
} as const;
export const manualDeposit = { method: 'GET', path: '/admin/topup_manual', auth: 'operator' } as const;
export const setManualDeposit = { method: 'POST', path: '/admin/topup_manual', auth: 'operator' } as const;
