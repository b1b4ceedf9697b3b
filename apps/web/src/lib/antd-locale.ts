import type { Lang } from '@dropdesk/contract/constants';
import type { Locale } from 'antd-mobile/es/locales/base';

/** antd-mobile's own words (picker buttons, dialogs), one lazy chunk per language like ours. */
const loaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN'),
  en: () => import('antd-mobile/es/locales/en-US'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
};

export async function loadAntdLocale(lang: Lang): Promise<Locale> {
  return (await loaders[lang]()).default;
}
