/** The rows of `adminMessageRoutes` (messages.ts): method, path and auth. See route.ts `PathRow`. */

export const broadcasts = { method: 'GET', path: '/admin/messages', auth: 'operator' } as const;
export const broadcast = { method: 'POST', path: '/admin/messages/send', auth: 'operator' } as const;
export const announcements = { method: 'GET', path: '/admin/announcements', auth: 'operator' } as const;
export const createAnnouncement = {
  method: 'POST',
  path: '/admin/announcements/create',
  auth: 'operator',
} as const;
export const updateAnnouncement = {
  method: 'POST',
  path: '/admin/announcements/update',
  auth: 'operator',
} as const;
