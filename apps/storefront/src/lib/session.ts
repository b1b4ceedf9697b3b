import { useSyncExternalStore } from 'react';
import { load, save } from './storage';

/**
 * The signed-in buyer: the session token from /store/auth/login and the email it belongs to, kept
 * in local storage so a buyer stays signed in. A 401 for it from any call ends it (lib/api.ts).
 */
export interface Buyer {
  token: string;
  email: string;
}

let buyer: Buyer | null = read();
/** The server ended the session (a 401 for the token sent) since the buyer last signed in. */
let ended = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function read(): Buyer | null {
  const token = load('token');
  return token ? { token, email: load('email') ?? '' } : null;
}

export const getBuyer = (): Buyer | null => buyer;

export function setBuyer(next: Buyer | null): void {
  buyer = next;
  if (next) ended = false;
  save('token', next?.token ?? null);
  save('email', next?.email ?? null);
  notify();
}

/**
 * The server answered 401 for the session sent (expired, revoked, or signed out elsewhere): forget
 * it, and remember to ask the buyer to sign in again (components/SessionEnded.tsx). The page goes on
 * as a guest's.
 */
export function endSession(): void {
  ended = true;
  setBuyer(null);
}

/** The buyer read the notice and goes on as a guest. */
export function dismissEnded(): void {
  ended = false;
  notify();
}

export const sessionEnded = (): boolean => ended;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in buyer, re-rendering when they sign in or out. */
export function useBuyer(): Buyer | null {
  return useSyncExternalStore(subscribe, getBuyer);
}

/** Whether the server ended the buyer's session since they last signed in, re-rendering when it changes. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, sessionEnded);
}

/** Tests start each case signed out (local storage is cleared between them). */
export function resetBuyerForTests(): void {
  buyer = read();
  ended = false;
}
