import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import styles from './ui.module.css';

interface Props {
  title: string;
  /** Show the back arrow (screens reached from another screen); a path sends it there always. */
  back?: boolean | string;
  /**
   * The root of the tab this screen belongs to: where the back arrow goes when the app was opened
   * on this screen (a link, a bookmark, a reload of a first page). The account, wallet, identity
   * and report screens are all reached from My.
   */
  tabRoot?: string;
  right?: ReactNode;
  children: ReactNode;
}

/** A screen: a sticky header with the title (the page's h1) and an optional back arrow. */
export function Page({ title, back = true, tabRoot = paths.my, right, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    if (typeof back === 'string') navigate(back);
    // The router names the entry it started on 'default'; any screen reached inside the app has a
    // key of its own (kept across a reload). `history.length` counts the pages before the app too,
    // so going back from a screen opened directly used to leave the app.
    else if (location.key !== 'default') navigate(-1);
    else navigate(tabRoot, { replace: true });
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
