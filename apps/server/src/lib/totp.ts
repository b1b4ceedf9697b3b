import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) for the operators' second factor, through `otpauth`
 * (docs/decisions.md 20): SHA-1, 6 digits, 30-second steps, the parameters every authenticator app
 * reads from an `otpauth://` URI. The time is the caller's (the injectable clock), so tests move it.
 */
export const TOTP_ISSUER = 'Dropdesk';
export const TOTP_PERIOD_MS = 30_000;
/** Codes of the step before and after the current one are accepted too (a phone's clock drifts). */
const WINDOW = 1;

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'operator'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_MS / 1000,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://totp/Dropdesk:<username>?secret=…&issuer=Dropdesk…` URI the console draws as a QR code. */
export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The code an authenticator app shows at `now` (tests and the helpers that log operators in). */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

/** The 30-second step `now` falls in (what a code is bound to, and what replay protection records). */
export const totpStep = (now: number): number => Math.floor(now / TOTP_PERIOD_MS);

/**
 * The step whose code `code` is, within one step of `now`, or null when it is none of them. The
 * caller still has to refuse a step already used (replay).
 */
export function totpMatch(secret: string, code: string, now: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/**
 * TOTP secrets are kept encrypted at rest: AES-256-GCM under a key derived (HKDF-SHA256) from SECRET,
 * so a copy of the database (a backup, a dump) does not hand over the operators' second factors.
 * Stored as `v1.<iv>.<ciphertext+tag>` (base64url). Changing SECRET makes the stored secrets
 * unreadable: every operator then needs `npm run ops -- operator:reset-totp <username>`.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'dropdesk', 'totp-secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain text, or null when the box was sealed under another key (SECRET changed) or is damaged. */
  open(sealed: string): string | null {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== 'v1' || !ivText || !bodyText) return null;
    try {
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(ivText, 'base64url'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
