import type { MerInfo } from '@dropdesk/contract/account';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY, SESSION_VERSION } from './session-storage';
import { clearSnapshots } from './snapshot';

export { SESSION_STORAGE_KEY } from './session-storage';

/**
 * The persisted session. The specification also keeps the password here; we never store it
 * (a token is enough to stay logged in, and a password in local storage is readable by any script).
 * `lang` lives under its own `lang` key (see lib/i18n.ts), as the specification asks.
 */
export interface SessionState {
  token: string | null;
  merinfo: MerInfo | null;
  /** Orders awaiting pickup: the Order tab's badge. */
  orderTotal: number;
  /** A third-party handoff payload with no linked merchant yet (`third` answered status 0). */
  handoffData: string | null;
  login: (merinfo: MerInfo & { token: string }) => void;
  setMerInfo: (merinfo: MerInfo) => void;
  setOrderTotal: (total: number) => void;
  setHandoffData: (data: string | null) => void;
  logout: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      merinfo: null,
      orderTotal: 0,
      handoffData: null,
      login: ({ token, ...merinfo }) => set({ token, merinfo, handoffData: null }),
      setMerInfo: (merinfo) => set({ merinfo }),
      setOrderTotal: (orderTotal) => set({ orderTotal }),
      setHandoffData: (handoffData) => set({ handoffData }),
      logout: () => {
        // The figures kept for a quick first paint (Home's dashboard) leave with the session.
        clearSnapshots();
        set({ token: null, merinfo: null, orderTotal: 0 });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: SESSION_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, merinfo, orderTotal, handoffData }) => ({
        token,
        merinfo,
        orderTotal,
        handoffData,
      }),
    },
  ),
);

export const getToken = (): string | null => useSession.getState().token;
