/** The specification's scroll behaviour: smooth, 20 px above the target. */
export const SCROLL_OFFSET = 20;

export function scrollToElement(el: Element | null): void {
  if (!el) return;
  const top = el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
  window.scrollTo({ top, behavior: 'smooth' });
}

/** Scrolls to the first field marked invalid in a form and focuses it. */
export function revealFirstError(form: HTMLElement | null): void {
  const el = form?.querySelector('[aria-invalid="true"]');
  if (!el) return;
  scrollToElement(el);
  if (el instanceof HTMLElement) el.focus({ preventScroll: true });
}
