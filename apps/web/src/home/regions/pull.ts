import { type HomeContext, partOf, type Region } from './region';

/**
 * Pull to refresh on the Home page, without a library, in its main column (`data-region="main"`):
 * a touch that starts at the top of the page and pulls down further than `THRESHOLD` refreshes
 * when it is let go. Its `puller` part says so ('Pull down to refresh', 'Release to refresh').
 * The header's refresh button does the same for a keyboard or a screen reader, which can't pull.
 */
const THRESHOLD = 64;
const MAX = 96;

export function mountPull(area: HTMLElement, c: HomeContext, refresh: () => Promise<unknown>): void {
  const puller = partOf(area, 'puller');
  const texts = c.texts.pull;
  let start: number | null = null;
  let pulled = 0;
  let busy = false;
  const show = (distance: number) => {
    pulled = distance;
    puller.hidden = distance <= 0;
    puller.style.height = `${distance}px`;
    puller.textContent = distance >= THRESHOLD ? texts.release : texts.pulling;
  };
  area.addEventListener(
    'touchstart',
    (e) => {
      start = !busy && window.scrollY <= 0 && e.touches.length === 1 ? (e.touches[0]?.clientY ?? null) : null;
    },
    { passive: true },
  );
  area.addEventListener(
    'touchmove',
    (e) => {
      if (start === null) return;
      const dy = (e.touches[0]?.clientY ?? start) - start;
      // Resistance: the content follows at half the finger's speed, up to MAX.
      show(Math.min(MAX, Math.max(0, dy / 2)));
    },
    { passive: true },
  );
  const end = async () => {
    if (start === null) return;
    start = null;
    if (pulled < THRESHOLD) return show(0);
    busy = true;
    puller.textContent = texts.refreshing;
    puller.style.height = '40px';
    try {
      await refresh();
    } finally {
      busy = false;
      show(0);
    }
  };
  area.addEventListener('touchend', () => void end());
  area.addEventListener('touchcancel', () => show(0));
}

/** The header's refresh button (`data-region="refresh"`): refreshes; disabled while a refresh runs. */
export function mountRefresh(root: HTMLButtonElement, refresh: () => unknown): Region<boolean> {
  root.addEventListener('click', () => void refresh());
  return {
    update(busy) {
      root.disabled = busy;
    },
  };
}
