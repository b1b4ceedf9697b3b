import * as ledgerPaths from '@dropdesk/contract/paths/ledger';
import { keyFingerprint } from '@dropdesk/ledger-proof';
import { exchange } from '@dropdesk/web-kit/http';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ledgerKeys } from '../../../lib/query-keys';

/**
 * The platform's checkpoint signing key (GET /ledger/key, public, outside the app's /merchant
 * base), kept in local storage, so that offline the Verify page can still tell whether a
 * checkpoint's signer is the platform. Read with the kit's envelope reader, not the app's client:
 * being offline is an ordinary state of this page, not a failure to toast.
 */
export const LEDGER_KEY_PATH = ledgerPaths.key.path;
export const LEDGER_KEY_STORAGE = 'dropdesk.ledgerKey';

export interface KnownKey {
  /** Raw Ed25519 public key, 64 lowercase hex digits. */
  key: string;
  /** Computed here from the key (checkpoint.ts `keyFingerprint`), never taken on the server's word. */
  fingerprint: string;
  /** When it was last read from the platform, epoch ms. */
  checkedAt: number;
}

const isKey = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v);

const known = (key: string, checkedAt: number): KnownKey => {
  const lower = key.toLowerCase();
  return { key: lower, fingerprint: keyFingerprint(lower), checkedAt };
};

/** The key remembered on this device, if any (anything unreadable counts as none). */
export function rememberedKey(): KnownKey | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LEDGER_KEY_STORAGE) ?? 'null') as Partial<KnownKey> | null;
    if (!stored || !isKey(stored.key) || !Number.isSafeInteger(stored.checkedAt)) return null;
    return known(stored.key, stored.checkedAt as number);
  } catch {
    return null;
  }
}

function remember(k: KnownKey): void {
  try {
    localStorage.setItem(LEDGER_KEY_STORAGE, JSON.stringify({ key: k.key, checkedAt: k.checkedAt }));
  } catch {
    // Private mode or a full storage: the key is still used for this visit.
  }
}

async function fetchLedgerKey(signal: AbortSignal): Promise<KnownKey> {
  const timeout = AbortSignal.timeout(15_000);
  const reply = await exchange(
    () =>
      fetch(LEDGER_KEY_PATH, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.any([signal, timeout]),
      }),
    signal,
    timeout,
  );
  const key = (reply.data as { key?: unknown } | undefined)?.key;
  if (reply.kind !== 'ok' || !isKey(key)) throw new Error(`ledger key: ${reply.kind}`);
  return known(key, Date.now());
}

export interface LedgerKey {
  /** The key as last known: read now, or remembered from an earlier visit; null when never read. */
  known: KnownKey | null;
  /** Read from the platform during this visit (else remembered, or unknown). */
  online: boolean;
}

/** The platform's key: read once a visit when online, remembered for the visits that are not. */
export function useLedgerKey(): LedgerKey {
  const [remembered] = useState(rememberedKey);
  const q = useQuery({
    queryKey: ledgerKeys.key(),
    queryFn: ({ signal }) => fetchLedgerKey(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (q.data) remember(q.data);
  }, [q.data]);
  return q.data ? { known: q.data, online: true } : { known: remembered, online: false };
}
