/**
 * A message to show after a hard redirect (the reload of a 401 would swallow a toast): lib/http
 * leaves it in session storage, and the app's start shows it once. Its own module, so the start
 * reads it without loading the HTTP client.
 */
export const FLASH_KEY = 'flash';

/** Takes the waiting message, if any (it is shown once). */
export function takeFlash(): string | null {
  const text = sessionStorage.getItem(FLASH_KEY);
  if (text) sessionStorage.removeItem(FLASH_KEY);
  return text;
}
