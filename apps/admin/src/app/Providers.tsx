import { isLang } from '@dropdesk/contract/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, loadAntdLocale } from '../lib/antd-locale';
import { appQueryClient } from '../lib/query';

function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : undefined;
  const [locale, setLocale] = useState(() => (lang ? antdLocaleOf(lang) : undefined));
  useEffect(() => {
    if (!lang) return;
    let live = true;
    void loadAntdLocale(lang).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [lang]);
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
