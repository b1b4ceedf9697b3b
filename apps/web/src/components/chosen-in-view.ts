import { useLayoutEffect, useRef } from 'react';

/**
 * For a row of chips that scrolls sideways (`ui.chipRowScroll`): keeps the chosen chip in sight. A
 * screen opened on a choice far along the row (/order?status=4, Completed, ninth of ten) would
 * otherwise show its list with the chip that says so off-screen. Scrolls the row only, never the
 * page, and only when the chosen chip is not already whole in view. `key` changes with what moves
 * the chips: the choice, and anything that widens them (counts arriving). Returns the row's ref.
 *
 *   const row = useChosenInView<HTMLFieldSetElement>(`${value}|${counts ? 'counted' : ''}`);
 *   <fieldset ref={row} className={`${ui.chipRow} ${ui.chipRowScroll}`}>...
 */
export function useChosenInView<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the chips move (`key`)
  useLayoutEffect(() => {
    const row = ref.current;
    const chip = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !chip) return;
    const r = row.getBoundingClientRect();
    const c = chip.getBoundingClientRect();
    if (c.left >= r.left && c.right <= r.right) return;
    // Centred, so the chips on both sides of it show there is more.
    row.scrollLeft += c.left + c.width / 2 - (r.left + r.width / 2);
  }, [key]);
  return ref;
}
