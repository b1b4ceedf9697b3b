import { loadTexts } from '../../lib/i18n';

/** The home feature's texts (`home.*`), fetched with its screens (app/router.tsx). */
export const loadHomeTexts = () =>
  loadTexts({
    'zh-CN': () => import('./locales/zh-CN.json'),
    en: () => import('./locales/en.json'),
    ko: () => import('./locales/ko.json'),
    ja: () => import('./locales/ja.json'),
    th: () => import('./locales/th.json'),
    vi: () => import('./locales/vi.json'),
    tr: () => import('./locales/tr.json'),
  });
