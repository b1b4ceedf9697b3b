import { LANGUAGE_NAMES, type Lang } from '@dropdesk/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/LanguagePicker';
import styles from './auth.module.css';

/** The language button's face: a globe and the current language's own name. */
export function LanguageFace({ lang }: { lang: Lang }) {
  return (
    <>
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
    </>
  );
}

/** The brand above the sign-in card (also on the login page, src/login/LoginView.tsx). */
export function Brand() {
  return (
    <div className={styles.brand}>
      <svg width="48" height="48" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1467e0" />
        <path d="M18 16h14c10 0 16 6.5 16 16s-6 16-16 16H18z" fill="#fff" />
        <path d="M26 24h6c5 0 8 3 8 8s-3 8-8 8h-6z" fill="#1467e0" />
      </svg>
      <p className={styles.appName}>Dropdesk</p>
    </div>
  );
}

/** The frame of the sign-in screens: a header (language switch, brand) and the card as the main content. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.frame}>
      {/* Landmarks: a screen reader's "banner" (language, brand) and "main" (the form) hold it all. */}
      <header>
        <div className={styles.top}>
          <LanguagePicker>
            {(open, current) => (
              <button
                type="button"
                className={styles.lang}
                onClick={open}
                aria-label={`${t('language.choose')}: ${LANGUAGE_NAMES[current]}`}
              >
                <LanguageFace lang={current} />
              </button>
            )}
          </LanguagePicker>
        </div>
        <Brand />
      </header>
      <main className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
