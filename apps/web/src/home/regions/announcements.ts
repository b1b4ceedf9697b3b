import type { Announcement } from '../api';
import { stylesheets } from '../styles';
import { type HomeContext, partOf, type Region } from './region';

const styles = stylesheets.home;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The announcements bar (`data-region="announcements"`): a CSS marquee that stops (its pause
 * button, or reduced motion), and the same announcements as a list for screen readers. Hidden
 * while there are none.
 */
export function mountAnnouncements(root: HTMLElement, c: HomeContext): Region<Announcement[]> {
  const { doc, lang } = c;
  const list = partOf(root, 'list');
  const marquee = partOf(root, 'marquee');
  const pause = partOf<HTMLButtonElement>(root, 'pause');
  // Asked once there are announcements to move (the first query of a page costs a few ms).
  let motion: MediaQueryList | null | undefined;
  let paused = false;
  const setStill = () => {
    if (motion === undefined) {
      motion = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
      motion?.addEventListener('change', setStill);
    }
    const reduced = motion?.matches ?? false;
    const still = reduced || paused;
    root.classList.toggle(styles.still ?? '', still);
    marquee.dataset.moving = String(!still);
    pause.hidden = reduced;
    pause.setAttribute('aria-pressed', String(paused));
    partOf(pause, 'pause-icon').toggleAttribute('hidden', paused);
    partOf(pause, 'play-icon').toggleAttribute('hidden', !paused);
  };
  pause.addEventListener('click', () => {
    paused = !paused;
    setStill();
  });
  const entry = (tag: 'li' | 'span', a: Announcement) => {
    const el = doc.createElement(tag);
    if (a.lang !== lang) el.lang = a.lang;
    el.textContent = a.text;
    return el;
  };
  return {
    update(announcements) {
      list.replaceChildren(...announcements.map((a) => entry('li', a)));
      marquee.replaceChildren(...announcements.map((a) => entry('span', a)));
      // About 8 characters a second, so a long announcement is not rushed.
      const chars = announcements.reduce((sum, a) => sum + a.text.length, 0);
      marquee.style.setProperty('--marquee-duration', `${Math.max(10, Math.round(chars / 8) + 6)}s`);
      root.hidden = announcements.length === 0;
      setStill();
    },
  };
}
