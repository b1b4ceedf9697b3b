import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../lib/api';
import { currentLang, switchLanguage } from '../lib/i18n';
import { refreshCurrency, useCurrency } from '../lib/money';
import { setBuyer, useBuyer } from '../lib/session';
import { load } from '../lib/storage';

/** Each language's short face in the header's switcher (the options say the whole name). */
const SHORT: Record<Lang, string> = {
  'zh-CN': '中文',
  en: 'EN',
  ko: '한국어',
  ja: '日本語',
  th: 'ไทย',
  vi: 'VI',
  tr: 'TR',
};

/** Header (brand, orders, sign in or out, language), the page, and a footer naming the currency. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const buyer = useBuyer();
  const currency = useCurrency();
  useEffect(refreshCurrency, []);
  const lastShop = load('shop');
  const signOut = () => {
    // The session ends here whatever the server answers (it may be gone already).
    api('logout').catch(() => undefined);
    setBuyer(null);
  };
  return (
    <>
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <header className="top">
        <nav aria-label={t('nav.label')}>
          <Link href={lastShop ? `/${lastShop}` : '/'} className="brand">
            {t('nav.shop')}
          </Link>
          <Link href="/orders">{t('nav.orders')}</Link>
          {buyer ? (
            <button type="button" className="link" onClick={signOut}>
              {t('nav.signOut')}
            </button>
          ) : (
            <Link href="/login">{t('nav.signIn')}</Link>
          )}
        </nav>
        {/* The native select, its face drawn small (a globe and the code) so the header keeps to one
            line at 390 px in every language; its options name each language in its own words. */}
        <label className="lang">
          <span className="sr">{t('nav.language')}</span>
          <span className="lang-face" aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              focusable="false"
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="9" />
              <path d="M3 12h18M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18" />
            </svg>
            {SHORT[currentLang()]}
          </span>
          <select value={currentLang()} onChange={(e) => void switchLanguage(e.target.value as Lang)}>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="foot">
        <p>{t('footer.currency', { code: currency.code })}</p>
      </footer>
    </>
  );
}
