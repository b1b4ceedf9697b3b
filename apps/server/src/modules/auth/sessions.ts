import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';

export type Subject = { type: 'merchant' | 'operator'; id: number };

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** Sessions live in the database (stateless servers); the token itself is never stored. */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async open(subject: Subject, db: Db = this.db): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await db
      .insertInto('sessions')
      .values({
        token_hash: sha256(token),
        subject_type: subject.type,
        subject_id: subject.id,
        created_at: now,
        last_seen_at: now,
        expires_at: now + this.policy.maxMs,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /** The live session of a token, touching its idle clock at most once a minute. */
  async resolve(token: string, type: Subject['type']): Promise<{ id: number; subjectId: number } | null> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'subject_id', 'subject_type', 'last_seen_at', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.subject_type !== type || row.revoked_at !== null) return null;
    if (row.expires_at <= now || row.last_seen_at + this.policy.idleMs <= now) return null;
    if (now - row.last_seen_at > 60_000) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    return { id: row.id, subjectId: row.subject_id };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a subject, except `keep` (the one making the change) when given. */
  async revokeAll(subject: Subject, keep?: number, db: Db = this.db): Promise<void> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('revoked_at', 'is', null);
    if (keep !== undefined) q = q.where('id', '!=', keep);
    await q.execute();
  }
}
