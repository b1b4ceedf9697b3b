import { HANDOFF_TTL_MS } from '@dropdesk/contract/constants';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { hmac, safeEqual } from '../../lib/crypto';
import { Refusal } from '../../lib/refusal';
import { handoffUsesRepository } from './auth.repository';

/**
 * The third-party handoff: `data` = base64url(JSON payload) + "." + base64url(HMAC-SHA256(SECRET,
 * first part)), made by the partner site. The payload names the partner's user (`uid`), a
 * single-use `nonce`, the time it was issued (`iat`, epoch ms) and optionally the partner's
 * merchant reference (`mer`). Valid for 10 minutes, once per purpose.
 */
const payloadSchema = z.object({
  uid: z.string().min(1).max(128),
  nonce: z.string().min(8).max(128),
  iat: z.number().int(),
  mer: z.string().max(64).optional(),
});
export type HandoffPayload = z.infer<typeof payloadSchema>;

export function signHandoff(secret: string, payload: HandoffPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, body)}`;
}

export function readHandoff(secret: string, data: string, now: number, mer?: string): HandoffPayload {
  const [body, signature, extra] = data.split('.');
  if (!body || !signature || extra !== undefined || !safeEqual(hmac(secret, body), signature)) {
    throw new Refusal('HANDOFF_INVALID');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new Refusal('HANDOFF_INVALID');
  }
  const payload = payloadSchema.safeParse(parsed);
  if (!payload.success) throw new Refusal('HANDOFF_INVALID');
  if (mer && payload.data.mer && mer !== payload.data.mer) throw new Refusal('HANDOFF_INVALID');
  const age = now - payload.data.iat;
  if (age > HANDOFF_TTL_MS || age < -60_000) throw new Refusal('HANDOFF_EXPIRED');
  return payload.data;
}

/** Spends a handoff for one purpose; a second use is refused. Runs inside the caller's tx. */
export async function consumeHandoff(db: Db, nonce: string, purpose: 'third' | 'register', now: number) {
  if (!(await handoffUsesRepository.insertOnce(db, { nonce, purpose, used_at: now })))
    throw new Refusal('HANDOFF_USED');
}
