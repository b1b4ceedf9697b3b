/** A message for the sign-in screen, left by whatever sent the operator there (a 401, the idle timer). */
export const FLASH_KEY = 'console-flash';

/** Taken out of storage once per page, kept here until sign-in succeeds (renders may run twice). */
let pending: string | null | undefined;

export function setFlash(text: string): void {
  pending = undefined;
  try {
    sessionStorage.setItem(FLASH_KEY, text);
  } catch {
    pending = text;
  }
}

/** The message for this visit to sign-in, if one was left. */
export function readFlash(): string | null {
  if (pending === undefined) {
    try {
      pending = sessionStorage.getItem(FLASH_KEY);
      sessionStorage.removeItem(FLASH_KEY);
    } catch {
      pending = null;
    }
  }
  return pending;
}

export function clearFlash(): void {
  pending = null;
}
