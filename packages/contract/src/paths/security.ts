/** The rows of `securityRoutes` (security.ts): method, path and auth. See route.ts `PathRow`. */

export const sessions = { method: 'GET', path: '/merchant/security/sessions', auth: 'merchant' } as const;
export const signOutSession = {
  method: 'POST',
  path: '/merchant/security/sessions/sign_out',
  auth: 'merchant',
} as const;
export const signOutOthers = {
  method: 'POST',
  path: '/merchant/security/sessions/sign_out_others',
  auth: 'merchant',
} as const;
export const events = { method: 'GET', path: '/merchant/security/events', auth: 'merchant' } as const;
