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

/** The persisted session's state, as lib/session.ts keeps it. */
export interface StoredSession {
  token: string;
  merinfo: MerInfo | null;
  orderTotal: number;
  handoffData: string | null;
}

/**
 * The session the app persisted, read without the app (the Home page, src/home/page.ts): null
 * without a token, or when storage holds something else.
 */
export function readSession(): StoredSession | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      state?: Partial<StoredSession>;
      version?: number;
    } | null;
    const state = parsed?.state;
    if (parsed?.version !== SESSION_VERSION || typeof state?.token !== 'string' || !state.token) return null;
    return {
      token: state.token,
      merinfo: state.merinfo ?? null,
      orderTotal: typeof state.orderTotal === 'number' ? state.orderTotal : 0,
      handoffData: state.handoffData ?? null,
    };
  } catch {
    return null;
  }
}

/** Writes fresher parts of the persisted session (the merchant info, the order badge). */
export function updateSession(changes: Partial<Pick<StoredSession, 'merinfo' | 'orderTotal'>>): void {
  const current = readSession();
  if (!current) return;
  try {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { ...current, ...changes }, version: SESSION_VERSION }),
    );
  } catch {
    // storage full or unavailable: the app reads the server's answer again
  }
}

/** Logs out as lib/session.ts `logout` does: no token, no merchant, the handoff payload kept. */
export function clearSession(): void {
  const current = readSession();
  try {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        state: { token: null, merinfo: null, orderTotal: 0, handoffData: current?.handoffData ?? null },
        version: SESSION_VERSION,
      }),
    );
  } catch {
    // storage unavailable: nothing was kept
  }
}
