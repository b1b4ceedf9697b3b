/**
 * Local storage that never throws: private modes and full disks make it fail, and the storefront
 * must still work then (the choice or link lasts for the visit only). Every key starts with `sf.`
 * so nothing collides with the merchant app, which lives on the same origin.
 */
export function load(key: string): string | null {
  try {
    return localStorage.getItem(`sf.${key}`);
  } catch {
    return null;
  }
}

export function save(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(`sf.${key}`);
    else localStorage.setItem(`sf.${key}`, value);
  } catch {
    // storage unavailable: kept for this page only
  }
}

export function loadJson<T>(key: string, fallback: T): T {
  const raw = load(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** 16 random bytes as 32 hex digits: getRandomValues works on plain http too (randomUUID does not). */
export function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random UUID (v4), for Idempotency-Key headers; built by hand for the same reason. */
export function uuid(): string {
  const h = randomHex().split('');
  h[12] = '4';
  h[16] = ((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
