/** @jsxImportSource preact */
import { stylesheets } from '../styles';
import { Icon } from './Icon';
import type { View } from './view';

const styles = stylesheets.home;

/**
 * The announcements: a CSS marquee (about 8 characters a second, so a long one is not rushed) that
 * stands still when paused or under reduced motion, and a list read once by screen readers. An
 * announcement in another language than the page's is marked, so it is read in its own.
 */
export function Announcements({ v }: { v: View }) {
  const { t, state, lang } = v;
  const list = state.announcements;
  const still = state.reducedMotion || state.paused;
  const chars = list.reduce((sum, a) => sum + a.text.length, 0);
  const langOf = (a: { lang: string }) => (a.lang !== lang ? a.lang : undefined);
  return (
    <section
      class={still ? `${styles.notice} ${styles.still}` : styles.notice}
      aria-labelledby="home-announcements"
      data-testid="announcements"
      hidden={list.length === 0}
    >
      <h2 id="home-announcements" class="visually-hidden">
        {t('home.announcements.title')}
      </h2>
      <span class={styles.noticeIcon} aria-hidden="true">
        <Icon svg={v.icons.sound} />
      </span>
      <div class={styles.track}>
        <ul class="visually-hidden">
          {list.map((a) => (
            <li key={a.id} lang={langOf(a)}>
              {a.text}
            </li>
          ))}
        </ul>
        <div
          class={styles.marquee}
          aria-hidden="true"
          data-testid="marquee"
          data-moving={list.length ? String(!still) : undefined}
          style={
            list.length ? { '--marquee-duration': `${Math.max(10, Math.round(chars / 8) + 6)}s` } : undefined
          }
        >
          {list.map((a) => (
            <span key={a.id} lang={langOf(a)}>
              {a.text}
            </span>
          ))}
        </div>
      </div>
      <button
        type="button"
        class={styles.noticeToggle}
        aria-pressed={state.paused}
        aria-label={t('home.announcements.pause')}
        hidden={state.reducedMotion}
        onClick={v.on.togglePause}
      >
        <span hidden={state.paused}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" />
          </svg>
        </span>
        <span hidden={!state.paused}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M3 1.5v11l9-5.5z" fill="currentColor" />
          </svg>
        </span>
      </button>
    </section>
  );
}
