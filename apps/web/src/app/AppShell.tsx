import { isLang } from '@dropdesk/contract/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { Locale } from 'antd-mobile/es/locales/base';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { loadAntdLocale } from '../lib/antd-locale';
import { appQueryClient } from '../lib/query';

function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    const lang = i18n.language;
    if (!isLang(lang)) return;
    let live = true;
    void loadAntdLocale(lang).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return locale;
}

/**
 * Providers of every screen but /login: TanStack Query and antd-mobile's locale. A lazy layout,
 * so the entry chunk (and the login screen, the most common first visit) carries neither.
 */
export default function AppShell() {
  const locale = useAntdLocale();
  // Read at mount, not at import: each component test renders the app with a fresh client.
  const [queryClient] = useState(appQueryClient);
  // Always the same tree: swapping providers in when the locale arrives would remount the screen.
  return (
    <ConfigProvider {...(locale ? { locale } : {})}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
