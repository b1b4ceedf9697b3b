import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import type { SessionPolicy } from '../sessions';
import { buyersRepository as buyers } from './buyers.repository';

/**
 * Storefront buyers' sessions, kept like merchants' (modules/auth/sessions.ts): the token is 32
 * random bytes given once, only its SHA-256 is stored, and a session ends when revoked, when idle
 * longer than `idleMs`, or `maxMs` after it opened.
 */
export class BuyerSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async open(buyerId: number, db: Db = this.db): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await buyers.openSession(db, {
      tokenHash: sha256(token),
      buyerId,
      now,
      expiresAt: now + this.policy.maxMs,
    });
    return token;
  }

  /** The live session of a token, touching its idle clock at most once a minute. */
  async resolve(token: string): Promise<{ id: number; sessionId: number } | null> {
    const row = await buyers.sessionByHash(this.db, sha256(token));
    const now = this.clock.now();
    if (!row || row.revoked_at !== null) return null;
    if (row.expires_at <= now || row.last_seen_at + this.policy.idleMs <= now) return null;
    if (now - row.last_seen_at > 60_000) await buyers.touchSession(this.db, row.id, now);
    return { id: row.buyer_id, sessionId: row.id };
  }

  revoke(sessionId: number): Promise<void> {
    return buyers.revokeSession(this.db, sessionId, this.clock.now());
  }
}
