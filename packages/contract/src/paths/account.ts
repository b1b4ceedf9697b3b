/** The rows of `accountRoutes` (account.ts): method, path and auth. See route.ts `PathRow`. */

export const config = { method: 'GET', path: '/merchant/common/config', auth: 'none' } as const;
export const captcha = { method: 'GET', path: '/merchant/common/captcha', auth: 'none' } as const;
export const upload = { method: 'POST', path: '/merchant/common/upload', auth: 'optional' } as const;
export const verifyCode = { method: 'POST', path: '/merchant/merchant/verify_code', auth: 'none' } as const;
export const register = { method: 'POST', path: '/merchant/merchant/register', auth: 'none' } as const;
export const login = { method: 'POST', path: '/merchant/merchant/login', auth: 'none' } as const;
export const logout = { method: 'POST', path: '/merchant/merchant/logout', auth: 'merchant' } as const;
export const getMerInfo = { method: 'GET', path: '/merchant/merchant/getMerInfo', auth: 'merchant' } as const;
export const sendCode = { method: 'POST', path: '/merchant/merchant/send_code', auth: 'none' } as const;
export const resetPwd = { method: 'POST', path: '/merchant/merchant/resetpwd', auth: 'optional' } as const;
export const setPayPwd = { method: 'POST', path: '/merchant/merchant/setPaypwd', auth: 'merchant' } as const;
export const resetPay = { method: 'POST', path: '/merchant/merchant/resetPay', auth: 'merchant' } as const;
export const verifyPay = { method: 'POST', path: '/merchant/merchant/verify_pay', auth: 'merchant' } as const;
export const third = { method: 'POST', path: '/merchant/merchant/third', auth: 'none' } as const;
export const tkregister = { method: 'POST', path: '/merchant/merchant/tkregister', auth: 'none' } as const;
export const setLanguage = {
  method: 'GET',
  path: '/merchant/merchant/set_language',
  auth: 'merchant',
} as const;
export const setTimeZone = {
  method: 'POST',
  path: '/merchant/merchant/setTimeZone',
  auth: 'merchant',
} as const;
export const languageList = {
  method: 'GET',
  path: '/merchant/merchant/language_list',
  auth: 'none',
} as const;
