import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './ui.module.css';

interface Props {
  title: string;
  /** Show the back arrow (screens reached from another screen). */
  back?: boolean | string;
  right?: ReactNode;
  children: ReactNode;
}

/** A screen: a sticky header with the title (the page's h1) and an optional back arrow. */
export function Page({ title, back = true, right, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (typeof back === 'string') navigate(back);
    else if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.headerSide} style={{ justifyContent: 'flex-start' }}>
          {back && (
            <button type="button" className={styles.back} onClick={goBack} aria-label={t('common.back')}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M15 4l-8 8 8 8"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )}
        </span>
        <h1 className={styles.title}>{title}</h1>
        <span className={styles.headerSide}>{right}</span>
      </header>
      <main className={styles.body}>{children}</main>
    </div>
  );
}
