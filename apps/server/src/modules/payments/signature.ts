import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a webhook request, in the shape real providers use (Stripe's, for one): the
 * header `dropdesk-signature: t=<ms>,v1=<hex>` where `v1` is the HMAC-SHA256 of `"<t>.<raw body>"`
 * with the shared webhook secret. The timestamp is inside what is signed, so an old request cannot
 * be given a new time; one older than SIGNATURE_TOLERANCE_MS is refused as a replay.
 */
export const SIGNATURE_HEADER = 'dropdesk-signature';
/** How old (or how far ahead, for a skewed clock) a signed request may be. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type SignatureCheck = 'ok' | 'missing' | 'bad' | 'stale';

function digest(secret: string, t: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest();
}

/** The header value for `body` signed at `t` (the provider's side; the test provider uses it). */
export function signPayload(secret: string, body: string, t: number): string {
  return `t=${t},v1=${digest(secret, String(t), body).toString('hex')}`;
}

/**
 * Checks a header against the raw body, in constant time. Several `v1` entries are allowed (a
 * provider rotating its secret signs with both); one matching is enough.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now: number,
): SignatureCheck {
  if (!header) return 'missing';
  let t: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') t = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (t === null || !/^\d{1,16}$/.test(t) || signatures.length === 0) return 'bad';
  const expected = digest(secret, t, body);
  const matches = signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/.test(s)) return false;
    return timingSafeEqual(Buffer.from(s, 'hex'), expected);
  });
  if (!matches) return 'bad';
  // Checked after the signature, so a forged request learns nothing about the clock.
  if (Math.abs(now - Number(t)) > SIGNATURE_TOLERANCE_MS) return 'stale';
  return 'ok';
}
