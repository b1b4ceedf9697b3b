/** The rows of `catalogueRoutes` (catalogue.ts): method, path and auth. See route.ts `PathRow`. */

export const category = { method: 'GET', path: '/merchant/product/category', auth: 'merchant' } as const;
export const product = { method: 'GET', path: '/merchant/product/product', auth: 'merchant' } as const;
export const hot = { method: 'GET', path: '/merchant/product/hot', auth: 'merchant' } as const;
export const add = { method: 'POST', path: '/merchant/product/add', auth: 'merchant' } as const;
export const addAll = { method: 'POST', path: '/merchant/product/addAll', auth: 'merchant' } as const;
export const addAllHot = { method: 'POST', path: '/merchant/product/addAllHot', auth: 'merchant' } as const;
export const manage = { method: 'GET', path: '/merchant/product/manage', auth: 'merchant' } as const;
export const detail = { method: 'GET', path: '/merchant/product/detail', auth: 'merchant' } as const;
export const setSwitch = { method: 'POST', path: '/merchant/product/setSwitch', auth: 'merchant' } as const;
export const del = { method: 'POST', path: '/merchant/product/del', auth: 'merchant' } as const;
export const level = { method: 'GET', path: '/merchant/index/level', auth: 'merchant' } as const;
export const levelUpgrade = {
  method: 'POST',
  path: '/merchant/index/level_upgrade',
  auth: 'merchant',
} as const;
