/** The rows of `reportsRoutes` (reports.ts): method, path and auth. See route.ts `PathRow`. */

export const bill = { method: 'GET', path: '/merchant/merchant/bill', auth: 'merchant' } as const;
export const financialReport = {
  method: 'GET',
  path: '/merchant/merchant/financial_report',
  auth: 'merchant',
} as const;
export const statement = {
  method: 'GET',
  path: '/merchant/merchant/statement',
  auth: 'merchant',
} as const;
