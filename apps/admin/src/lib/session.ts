import type { CurrencyInfo } from '@dropdesk/contract/account';
import type { OperatorRole } from '@dropdesk/contract/route';
import { useSyncExternalStore } from 'react';

/** The signed-in operator, as `login/totp` and `me` answer it. */
export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
}

export interface SessionState {
  token: string | null;
  operator: Operator | null;
  /** The server ends the session after this many minutes without a request. */
  idleMinutes: number;
  /** When the last request went out (epoch ms): the idle clock restarts with each one. */
  lastRequestAt: number;
  /**
   * The platform's one currency, as `login/totp` and `me` name it: every amount is written with it
   * (lib/format.ts `formatMoney`). Null until the server has said (a session kept by an older console).
   */
  currency: CurrencyInfo | null;
}

/** localStorage key of the session (never a password). */
export const SESSION_KEY = 'console-session';
const EMPTY: SessionState = {
  token: null,
  operator: null,
  idleMinutes: 30,
  lastRequestAt: 0,
  currency: null,
};

function read(): SessionState {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<SessionState>;
    if (typeof parsed.token !== 'string' || !parsed.operator) return EMPTY;
    return { ...EMPTY, ...parsed };
  } catch {
    return EMPTY;
  }
}

let state: SessionState = read();
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  try {
    if (next.token) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // storage unavailable: the session lasts for this page
  }
  for (const l of listeners) l();
}

export const session = {
  get: (): SessionState => state,
  /** Tests and a new page load: read storage again. */
  reload: (): void => set(read()),
  signIn(token: string, operator: Operator, idleMinutes: number, currency: CurrencyInfo): void {
    set({ token, operator, idleMinutes, lastRequestAt: Date.now(), currency });
  },
  setOperator(operator: Operator, idleMinutes: number, currency: CurrencyInfo): void {
    if (state.token) set({ ...state, operator, idleMinutes, currency });
  },
  touched(): void {
    if (state.token) set({ ...state, lastRequestAt: Date.now() });
  },
  signOut(): void {
    set(EMPTY);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const getToken = (): string | null => state.token;

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
