/**
 * A message to show after a hard navigation (a reload swallows a toast): the 401 handler, the
 * route guard and the login page leave it in session storage, and the next page shows it once.
 * Its own module, without imports, so the login page and the app's start read it cheaply.
 */
export const FLASH_KEY = 'flash';
/** The same for good news (the login page's 'Welcome back'), shown as a success toast. */
export const FLASH_OK_KEY = 'flash_ok';

export function setFlash(text: string, kind: 'fail' | 'success' = 'fail'): void {
  try {
    sessionStorage.setItem(kind === 'fail' ? FLASH_KEY : FLASH_OK_KEY, text);
  } catch {
    // storage unavailable: the message is lost, the navigation still happens
  }
}

/** Takes the waiting message, if any (it is shown once). */
export function takeFlash(): { text: string; kind: 'fail' | 'success' } | null {
  for (const [key, kind] of [
    [FLASH_KEY, 'fail'],
    [FLASH_OK_KEY, 'success'],
  ] as const) {
    const text = sessionStorage.getItem(key);
    if (text) {
      sessionStorage.removeItem(key);
      return { text, kind };
    }
  }
  return null;
}
