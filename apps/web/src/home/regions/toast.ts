import type { Region } from './region';

/** The toast (`data-region="toast"`): a message another page left (lib/flash.ts), for 3 seconds. */
export function mountToast(root: HTMLElement): Region<string> {
  return {
    update(text) {
      root.textContent = text;
      root.hidden = false;
      setTimeout(() => {
        root.hidden = true;
      }, 3000);
    },
  };
}
