import type { Region } from './region';

/**
 * The Order tab's badge in the tab bar (`data-region="tabs"`): the orders waiting for pickup, the
 * session's count at once, then `order/list`'s. Drawn twice (`data-badge`): the dot over the icon,
 * and "(3)" for a screen reader in the tab's name.
 */
export function mountBadge(root: HTMLElement): Region<number> {
  const places = [...root.querySelectorAll<HTMLElement>('[data-badge]')];
  return {
    update(total) {
      const text = total > 99 ? '99+' : String(total);
      for (const el of places) {
        el.hidden = total <= 0;
        el.textContent = el.dataset.badge === 'orders-text' ? `(${text})` : text;
      }
    },
  };
}
