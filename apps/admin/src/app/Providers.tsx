import type { Lang } from '@dropdesk/contract/constants';
import { isLang } from '@dropdesk/contract/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appQueryClient } from '../lib/query';

/** antd's own texts (pagination, pickers, empty tables) per language: one small chunk each. */
const antdLocales: Record<Lang, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  ko: () => import('antd/es/locale/ko_KR'),
  ja: () => import('antd/es/locale/ja_JP'),
  th: () => import('antd/es/locale/th_TH'),
  vi: () => import('antd/es/locale/vi_VN'),
  tr: () => import('antd/es/locale/tr_TR'),
};

function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    const lang = i18n.language;
    if (!isLang(lang)) return;
    let live = true;
    void antdLocales[lang]().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return locale;
}

/** antd (theme, locale, the App context for messages and modals) and TanStack Query, for every screen. */
export function Providers({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const [queryClient] = useState(appQueryClient);
  return (
    <ConfigProvider
      {...(locale ? { locale } : {})}
      theme={{ token: { colorPrimary: '#1467e0', borderRadius: 6 } }}
    >
      <App>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
