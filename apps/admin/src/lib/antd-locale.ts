import type { Lang } from '@dropdesk/contract/constants';
import type { Locale } from 'antd/es/locale';
import { onLanguageSwitch } from './i18n';

/** antd's own texts (pagination, pickers, empty tables) per language: one small chunk each. */
const loaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  ko: () => import('antd/es/locale/ko_KR'),
  ja: () => import('antd/es/locale/ja_JP'),
  th: () => import('antd/es/locale/th_TH'),
  vi: () => import('antd/es/locale/vi_VN'),
  tr: () => import('antd/es/locale/tr_TR'),
};

const loaded = new Map<Lang, Locale>();

/**
 * Loads antd's texts for a language before the console renders in it. antd's ConfigProvider wraps
 * its children in one more provider once it has a locale, so a locale arriving after the first
 * render would mount every screen again (and lose what the operator had typed or chosen).
 */
export async function loadAntdLocale(lang: Lang): Promise<Locale> {
  const known = loaded.get(lang);
  if (known) return known;
  const locale = (await loaders[lang]()).default;
  loaded.set(lang, locale);
  return locale;
}

export const antdLocaleOf = (lang: Lang): Locale | undefined => loaded.get(lang);

// A language switch in the signed-in console waits for antd's texts too.
onLanguageSwitch(loadAntdLocale);
