import type { Loaders } from './i18n';

/**
 * The server's catalogues of contract keys (MIN_TOPUP, FIELD_REQUIRED), one chunk per language: the
 * merchant app and the console show the server's own words for them (namespace `server`), so there
 * is one message per key. Package files, so they are named one by one (a glob reads folders only).
 */
export const SERVER_MESSAGES: Loaders = {
  'zh-CN': () => import('@dropdesk/contract/messages/zh-CN.json'),
  en: () => import('@dropdesk/contract/messages/en.json'),
  ko: () => import('@dropdesk/contract/messages/ko.json'),
  ja: () => import('@dropdesk/contract/messages/ja.json'),
  th: () => import('@dropdesk/contract/messages/th.json'),
  vi: () => import('@dropdesk/contract/messages/vi.json'),
  tr: () => import('@dropdesk/contract/messages/tr.json'),
};
