/**
 * This browser's device id: a random id made once and kept in local storage under `device`, sent
 * as the `device` header with every API call (lib/http.ts, and the login and Home pages' own
 * calls). The server tells a sign-in from a device it has never seen by it (the security centre's
 * "new device" event). It names nothing about the person or the browser.
 *
 * No imports: the login page, whose bytes are counted, reads it too.
 */

/** Where the id is kept in local storage. */
export const DEVICE_STORAGE_KEY = 'device';
/** The header that carries it. */
export const DEVICE_HEADER = 'device';

/** What a kept id looks like: 22 to 64 URL-safe characters (a dash-less UUID is 32 hex). */
const WELL_FORMED = /^[\w-]{22,64}$/;

/** Kept for the page's life when storage refuses it (private mode, full): still one id per visit. */
let unstored: string | undefined;

/** A new random id: 32 hex characters (a v4 UUID without its dashes). */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  // randomUUID needs a secure context; plain http on a LAN address is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device id, made and kept on the first call; the same on every later call and visit. */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_STORAGE_KEY);
    if (kept && WELL_FORMED.test(kept)) return kept;
    const id = unstored ?? newId();
    localStorage.setItem(DEVICE_STORAGE_KEY, id);
    unstored = undefined;
    return id;
  } catch {
    unstored ??= newId();
    return unstored;
  }
}
