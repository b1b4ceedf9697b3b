/** The rows of `adminCatalogueRoutes` (catalogue.ts): method, path and auth. See route.ts `PathRow`. */

export const categories = { method: 'GET', path: '/admin/catalogue/categories', auth: 'operator' } as const;
export const createCategory = {
  method: 'POST',
  path: '/admin/catalogue/categories',
  auth: 'operator',
} as const;
export const updateCategory = {
  method: 'POST',
  path: '/admin/catalogue/categories/update',
  auth: 'operator',
} as const;
export const products = { method: 'GET', path: '/admin/catalogue/products', auth: 'operator' } as const;
export const createProduct = { method: 'POST', path: '/admin/catalogue/products', auth: 'operator' } as const;
export const updateProduct = {
  method: 'POST',
  path: '/admin/catalogue/products/update',
  auth: 'operator',
} as const;
export const uploadImage = {
  method: 'POST',
  path: '/admin/catalogue/products/image',
  auth: 'operator',
} as const;
export const importCsv = {
  method: 'POST',
  path: '/admin/catalogue/products/import',
  auth: 'operator',
} as const;
export const levels = { method: 'GET', path: '/admin/levels', auth: 'operator' } as const;
export const createLevel = { method: 'POST', path: '/admin/levels', auth: 'operator' } as const;
export const updateLevel = { method: 'POST', path: '/admin/levels/update', auth: 'operator' } as const;
