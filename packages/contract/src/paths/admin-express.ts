/** The rows of `adminExpressRoutes` (express.ts): method, path and auth. See route.ts `PathRow`. */

export const packages = { method: 'GET', path: '/admin/express/packages', auth: 'operator' } as const;
export const createPackage = { method: 'POST', path: '/admin/express/packages', auth: 'operator' } as const;
export const updatePackage = {
  method: 'POST',
  path: '/admin/express/packages/update',
  auth: 'operator',
} as const;
export const disablePackage = {
  method: 'POST',
  path: '/admin/express/packages/disable',
  auth: 'operator',
} as const;
