import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../lib/api';
import { currentLang, switchLanguage } from '../lib/i18n';
import { refreshCurrency, useCurrency } from '../lib/money';
import { setBuyer, useBuyer } from '../lib/session';
import { load } from '../lib/storage';

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
        <label className="lang">
          <span className="sr">{t('nav.language')}</span>
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
