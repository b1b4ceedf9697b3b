import type { MerInfo } from '@dropdesk/contract/account';

/** Where the session persists (zustand's persist middleware, lib/session.ts), and its version. */
export const SESSION_STORAGE_KEY = 'session';
export const SESSION_VERSION = 1;

/**
 * Writes a new session the way lib/session.ts persists it, for the login page, which signs in
 * without loading the app (src/login/page.ts): the app then starts already logged in.
 */
export function writeSession(merinfo: MerInfo & { token: string }): void {
  const { token, ...rest } = merinfo;
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({
      state: { token, merinfo: rest, orderTotal: 0, handoffData: null },
      version: SESSION_VERSION,
    }),
  );
}
