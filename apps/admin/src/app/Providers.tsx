import { isLang } from '@dropdesk/contract/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, loadAntdLocale } from '../lib/antd-locale';
import { appQueryClient } from '../lib/query';
import './console.css';

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

/**
 * antd's look with every text at WCAG AA contrast (4.5:1) on white and on the light fills antd puts
 * behind text: its defaults give secondary text, placeholders, links and danger buttons 3–4:1
 * (axe on every console screen, apps/web/visual). Tags' preset colours are in console.css.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1467e0',
    colorInfo: '#1467e0',
    colorLink: '#0f5bc4',
    colorError: '#c4161c',
    colorWarning: '#ad5f00',
    colorSuccess: '#2b7a0b',
    // Secondary, tertiary and placeholder text: 0.65, 0.62 and 0.58 black (antd: 0.45 and 0.25).
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    borderRadius: 6,
  },
};

/** antd (theme, locale, the App context for messages and modals) and TanStack Query, for every screen. */
export function Providers({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const [queryClient] = useState(appQueryClient);
  return (
    // antd spaces out a two-character Chinese label ("编 辑"), which is then no longer the word a
    // screen reader's name for the button holds (axe: label-content-name-mismatch).
    <ConfigProvider {...(locale ? { locale } : {})} theme={THEME} button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
