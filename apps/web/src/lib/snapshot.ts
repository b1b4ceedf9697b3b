/**
 * Small snapshots of a screen's figures in local storage, one per merchant, so the screen paints the
 * last figures it had at once on a reload or a return, then refreshes them (Home's dashboard:
 * features/home/api/get-dashboard.ts feeds its query's `initialData` from one). Logging out (and a
 * 401, which logs out) removes every snapshot: lib/session.ts `logout` calls clearSnapshots().
 *
 * A snapshot is a copy for painting, never a source of truth: each is checked by its reader before
 * use, and any storage failure (private mode, quota, a value that is not JSON) reads as none.
 */
const PREFIX = 'snapshot:';

export interface Snapshot<T> {
  /** When it was saved (ms since the epoch): the query's `initialDataUpdatedAt`. */
  at: number;
  data: T;
}

const keyOf = (name: string, merchantId: number) => `${PREFIX}${name}:${merchantId}`;

/** The merchant's last snapshot under `name`, if there is one that `isValid` accepts. */
export function readSnapshot<T>(
  name: string,
  merchantId: number | undefined,
  isValid: (data: unknown) => data is T,
): Snapshot<T> | undefined {
  if (merchantId === undefined) return undefined;
  try {
    const raw = localStorage.getItem(keyOf(name, merchantId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { at?: unknown; data?: unknown };
    if (typeof parsed?.at !== 'number' || !isValid(parsed.data)) return undefined;
    return { at: parsed.at, data: parsed.data };
  } catch {
    return undefined;
  }
}

/** Keeps `data` as the merchant's snapshot under `name`. */
export function writeSnapshot(name: string, merchantId: number | undefined, data: unknown): void {
  if (merchantId === undefined) return;
  try {
    localStorage.setItem(keyOf(name, merchantId), JSON.stringify({ at: Date.now(), data }));
  } catch {
    // storage full or unavailable: the next start paints after the answer, as without a snapshot
  }
}

/** Removes every merchant's snapshots (logout). */
export function clearSnapshots(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing was kept
  }
}
