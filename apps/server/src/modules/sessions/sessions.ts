import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import type { RequestOrigin } from '../../lib/origin';
import { sessionsRepository } from './sessions.repository';

export type Subject = { type: 'merchant' | 'operator'; id: number };

export interface SessionPolicy {
  /** A merchant's session ends after this long without a request. */
  idleMs: number;
  /** Every session ends this long after it opened, however busy. */
  maxMs: number;
  /** An operator's session ends after this long without a request (`OPERATOR_IDLE_MINUTES`); `idleMs` when unset. */
  operatorIdleMs?: number;
}

interface SessionRow {
  id: number;
  subject_id: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Sessions live in the database (stateless servers); the token itself is never stored. */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  /** Opens a session; its token (given once, only its hash is kept). */
  async open(subject: Subject, db: Db = this.db): Promise<string> {
    return (await this.start(subject, null, db)).token;
  }

  /**
   * Opens a session and remembers where from (the request's origin: the security centre lists it
   * and tells a new device by its key); its token and id.
   */
  async start(
    subject: Subject,
    origin: RequestOrigin | null,
    db: Db = this.db,
  ): Promise<{ token: string; id: number }> {
    const token = newToken();
    const now = this.clock.now();
    const id = await sessionsRepository.insert(db, {
      token_hash: sha256(token),
      subject_type: subject.type,
      subject_id: subject.id,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.policy.maxMs,
      revoked_at: null,
      user_agent: origin?.userAgent ?? null,
      ip: origin?.ip ?? null,
      device_key: origin?.deviceKey ?? null,
      country: origin?.country ?? null,
    });
    return { token, id };
  }

  /**
   * How a merchant's device stands before a sign-in: `known` (a session was opened on it before),
   * `new` (sessions were opened on other devices, never this one: a device key of null is never
   * known), or `none` (no session of this merchant recorded its device yet: its first sign-in, or its
   * first since devices were recorded, which makes the baseline rather than an alarm).
   */
  async deviceStanding(merchantId: number, deviceKey: string | null, db: Db = this.db) {
    const seen = await sessionsRepository.devicesSeen(db, merchantId, deviceKey);
    return seen.this ? ('known' as const) : seen.any ? ('new' as const) : ('none' as const);
  }

  /** A subject's live sessions, most recently used first, with where each was opened. */
  liveSessions(subject: Subject, db: Db = this.db) {
    return sessionsRepository.live(db, subject, this.clock.now(), this.idleMsOf(subject.type));
  }

  /** One live session of a subject by its id; undefined if it is another's, ended or unknown. */
  async liveSession(subject: Subject, sessionId: number, db: Db = this.db) {
    const [row] = await sessionsRepository.live(
      db,
      subject,
      this.clock.now(),
      this.idleMsOf(subject.type),
      sessionId,
    );
    return row;
  }

  /** Ends one live session of a subject; false if it was not (another's, ended already, unknown). */
  async revokeLive(subject: Subject, sessionId: number, db: Db = this.db): Promise<boolean> {
    const now = this.clock.now();
    const n = await sessionsRepository.revokeLive(db, subject, now, this.idleMsOf(subject.type), {
      only: sessionId,
    });
    return n === 1;
  }

  /** Ends every live session of a subject but `keep`; how many it ended. */
  revokeOthers(subject: Subject, keep: number, db: Db = this.db): Promise<number> {
    return sessionsRepository.revokeLive(db, subject, this.clock.now(), this.idleMsOf(subject.type), {
      keep,
    });
  }

  /**
   * The live merchant session of a token and the merchant's status, read together on every request
   * (no cache: a revoked session is refused on its very next request).
   */
  async merchant(token: string) {
    const row = await sessionsRepository.merchantByTokenHash(this.db, sha256(token));
    if (!row || !(await this.live(row, 'merchant'))) return null;
    return { sessionId: row.id, id: row.subject_id, status: row.status };
  }

  /** The live operator session of a token and the operator's role; null if the operator is disabled. */
  async operator(token: string) {
    const row = await sessionsRepository.operatorByTokenHash(this.db, sha256(token));
    if (!row || row.disabled_at !== null || !(await this.live(row, 'operator'))) return null;
    return { sessionId: row.id, id: row.subject_id, role: row.role };
  }

  /** How long a session of `type` may go without a request. */
  idleMsOf(type: Subject['type']): number {
    return type === 'operator' ? (this.policy.operatorIdleMs ?? this.policy.idleMs) : this.policy.idleMs;
  }

  /** Whether a session is live now: not revoked, not past its absolute expiry nor its idle time. */
  private isLive(row: SessionRow, type: Subject['type'], now: number): boolean {
    if (row.revoked_at !== null) return false;
    return row.expires_at > now && row.last_seen_at + this.idleMsOf(type) > now;
  }

  /** Whether a session is live, touching its idle clock at most once a minute. */
  private async live(row: SessionRow, type: Subject['type']): Promise<boolean> {
    const now = this.clock.now();
    if (!this.isLive(row, type, now)) return false;
    const idleMs = this.idleMsOf(type);
    // Once a minute (or each half idle time, for a shorter one) is enough to keep a busy session alive.
    if (now - row.last_seen_at > Math.min(60_000, idleMs / 2))
      await sessionsRepository.touch(this.db, row.id, now);
    return true;
  }

  /**
   * Who holds a live session, by its id, without touching its idle clock (an image a page loads is
   * not the person's activity): the merchant, or the operator with its role (null once disabled).
   * Signed file links name the session they were issued to (modules/uploads/private-links.ts).
   */
  async holder(
    sessionId: number,
  ): Promise<{ type: 'merchant'; id: number } | { type: 'operator'; id: number; role: string } | null> {
    const row = await sessionsRepository.byId(this.db, sessionId);
    if (!row || !this.isLive(row, row.subject_type, this.clock.now())) return null;
    if (row.subject_type === 'merchant') return { type: 'merchant', id: row.subject_id };
    if (row.role === null || row.disabled_at !== null) return null;
    return { type: 'operator', id: row.subject_id, role: row.role };
  }

  async revoke(sessionId: number, db: Db = this.db): Promise<void> {
    await sessionsRepository.revoke(db, sessionId, this.clock.now());
  }

  /** Ends every session of a subject, except `keep` (the one making the change) when given. */
  async revokeAll(subject: Subject, keep?: number, db: Db = this.db): Promise<void> {
    await sessionsRepository.revokeAll(db, subject, this.clock.now(), keep);
  }
}
