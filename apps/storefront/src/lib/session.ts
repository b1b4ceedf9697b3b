import { useSyncExternalStore } from 'react';
import { load, save } from './storage';

/**
 * The signed-in buyer: the session token from /store/auth/login and the email it belongs to, kept
 * in local storage so a buyer stays signed in. A 401 from any call drops it (lib/api.ts).
 */
export interface Buyer {
  token: string;
  email: string;
}

let buyer: Buyer | null = read();
const listeners = new Set<() => void>();

function read(): Buyer | null {
  const token = load('token');
  return token ? { token, email: load('email') ?? '' } : null;
}

export const getBuyer = (): Buyer | null => buyer;

export function setBuyer(next: Buyer | null): void {
  buyer = next;
  save('token', next?.token ?? null);
  save('email', next?.email ?? null);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in buyer, re-rendering when they sign in or out. */
export function useBuyer(): Buyer | null {
  return useSyncExternalStore(subscribe, getBuyer);
}

/** Tests start each case signed out (local storage is cleared between them). */
export function resetBuyerForTests(): void {
  buyer = read();
}
