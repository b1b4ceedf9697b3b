import { loadTexts } from '../../lib/i18n';

/** The alliance screen's texts (`alliance.*`), one chunk per language, loaded with the screens. */
export const loadAllianceTexts = () =>
  loadTexts({
    'zh-CN': () => import('./locales/zh-CN.json'),
    en: () => import('./locales/en.json'),
    ko: () => import('./locales/ko.json'),
    ja: () => import('./locales/ja.json'),
    th: () => import('./locales/th.json'),
    vi: () => import('./locales/vi.json'),
    tr: () => import('./locales/tr.json'),
  });
