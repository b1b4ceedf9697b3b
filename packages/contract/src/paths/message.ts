/** The rows of `messageRoutes` (messages.ts): method, path and auth. See route.ts `PathRow`. */

export const affiche = { method: 'GET', path: '/merchant/merchant/affiche', auth: 'merchant' } as const;
export const notice = { method: 'GET', path: '/merchant/index/notice', auth: 'merchant' } as const;
export const noticeDetail = {
  method: 'GET',
  path: '/merchant/index/notice_detail',
  auth: 'merchant',
} as const;
export const unread = { method: 'GET', path: '/merchant/index/notice_unread', auth: 'merchant' } as const;
export const seeNotice = { method: 'POST', path: '/merchant/index/see_notice', auth: 'merchant' } as const;
