import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAffiche } from '../api/get-affiche';
import styles from './home.module.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True while the reader asks for reduced motion (and follows a change of that setting). */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION);
    const change = () => setReduced(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return reduced;
}

/**
 * The platform's announcements (merchant/affiche), scrolling in one line: a small CSS marquee, not
 * antd-mobile's NoticeBar, so it can stop. It pauses under the pointer; its pause button (WCAG 2.2.2:
 * moving content that lasts must be stoppable) stops it and shows the announcements one under
 * another, whole; for a reader who asks for reduced motion they stand that way from the start. Screen readers read
 * the list once, not the moving copy. Nothing is shown when there are none or they fail to load.
 */
export function Announcements() {
  const { t, i18n } = useTranslation();
  const q = useAffiche(i18n.language);
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const list = q.data?.list ?? [];
  if (list.length === 0) return null;
  const still = reduced || paused;
  // About 8 characters a second, so a long announcement is not rushed.
  const chars = list.reduce((n, a) => n + a.text.length, 0);
  const duration = `${Math.max(10, Math.round(chars / 8) + 6)}s`;
  return (
    <section
      className={still ? `${styles.notice} ${styles.still}` : styles.notice}
      aria-labelledby="home-announcements"
      data-testid="announcements"
    >
      <h2 id="home-announcements" className="visually-hidden">
        {t('home.announcements.title')}
      </h2>
      <span className={styles.noticeIcon} aria-hidden="true">
        <SoundOutline />
      </span>
      <div className={styles.track}>
        <ul className="visually-hidden">
          {list.map((a) => (
            <li key={a.id} lang={a.lang === i18n.language ? undefined : a.lang}>
              {a.text}
            </li>
          ))}
        </ul>
        <div
          className={styles.marquee}
          style={{ '--marquee-duration': duration } as CSSProperties}
          aria-hidden="true"
          data-testid="marquee"
          data-moving={!still}
        >
          {list.map((a) => (
            <span key={a.id} lang={a.lang === i18n.language ? undefined : a.lang}>
              {a.text}
            </span>
          ))}
        </div>
      </div>
      {!reduced && (
        <button
          type="button"
          className={styles.noticeToggle}
          aria-pressed={paused}
          aria-label={t('home.announcements.pause')}
          onClick={() => setPaused((p) => !p)}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            {paused ? (
              <path d="M3 1.5v11l9-5.5z" fill="currentColor" />
            ) : (
              <path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" />
            )}
          </svg>
        </button>
      )}
    </section>
  );
}
