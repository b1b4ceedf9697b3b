import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Argon2id at the OWASP baseline (19 MiB, 2 passes, 1 lane) unless told otherwise. */
export function hashPassword(password: string, cost: HashCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A session token: 32 random bytes. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
export const hmac = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('base64url');

/**
 * A key of its own for one purpose (signed file links, visitor ids...), derived from SECRET with
 * HKDF-SHA256, so no two uses share a key and none is SECRET itself.
 */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'dropdesk', purpose, 32));

/** HMAC-SHA256 of `text` under a derived key, base64url. */
export const sign = (key: Buffer, text: string): string =>
  createHmac('sha256', key).update(text).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Random id with a prefix, e.g. `u_…` for uploads (128 bits, base64url). */
export const randomId = (prefix: string): string => `${prefix}_${randomBytes(16).toString('base64url')}`;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** An invitation code: 8 characters without look-alikes (0/O, 1/I). */
export function newInviteCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A 6-digit verification code. */
export function newDigitCode(): string {
  return String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0');
}
