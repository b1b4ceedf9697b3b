/**
 * Pull to refresh on the Home page, without a library: a touch that starts at the top of the page
 * and pulls down further than `PULL_THRESHOLD` refreshes when it is let go. `onPull` tells how far
 * the page is pulled (the puller's line and height, view/HomeView.tsx), or that the refresh it
 * started is under way. The header's refresh button does the same for a keyboard or a screen
 * reader, which can't pull.
 */
export const PULL_THRESHOLD = 64;
const MAX = 96;

export function pullToRefresh(
  area: HTMLElement,
  onPull: (pull: number | 'refreshing') => void,
  refresh: () => Promise<unknown>,
): void {
  let start: number | null = null;
  let pulled = 0;
  let busy = false;
  const show = (distance: number) => {
    pulled = distance;
    onPull(distance);
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
    if (pulled < PULL_THRESHOLD) return show(0);
    busy = true;
    onPull('refreshing');
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
