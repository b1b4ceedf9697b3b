import { type Insertable, sql } from 'kysely';
import { type Db, prepared } from '../../db/database';
import type { SessionsTable } from '../../db/schema';

type Subject = { type: 'merchant' | 'operator'; id: number };

/** The columns every session check reads. */
const SESSION = ['s.id', 's.subject_id', 's.last_seen_at', 's.expires_at', 's.revoked_at'] as const;

// Every authenticated request runs one of these: the session and its subject in one statement.
const merchantSession = prepared((db: Db, p: { hash: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('merchants as m', 'm.id', 's.subject_id')
    .select([...SESSION, 'm.status'])
    .where('s.token_hash', '=', p.hash)
    .where('s.subject_type', '=', 'merchant'),
);
const operatorSession = prepared((db: Db, p: { hash: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('operators as o', 'o.id', 's.subject_id')
    .select([...SESSION, 'o.role', 'o.disabled_at'])
    .where('s.token_hash', '=', p.hash)
    .where('s.subject_type', '=', 'operator'),
);
const touchSession = prepared((db: Db, p: { id: number; now: number }) =>
  db.updateTable('sessions').set({ last_seen_at: p.now }).where('id', '=', p.id),
);

/** Queries on the sessions table. No rules here: the Sessions class decides what is live. */
export const sessionsRepository = {
  /** A new session; its id. */
  async insert(db: Db, values: Insertable<SessionsTable>): Promise<number> {
    const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** The merchant session of a token hash, with the merchant's status (prepared: every request runs it). */
  async merchantByTokenHash(db: Db, hash: string) {
    const [row] = await merchantSession(db, { hash });
    return row;
  },

  /** The operator session of a token hash, with the operator's role and disabling (prepared). */
  async operatorByTokenHash(db: Db, hash: string) {
    const [row] = await operatorSession(db, { hash });
    return row;
  },

  /** Moves a session's idle clock to `now` (prepared). */
  async touch(db: Db, id: number, now: number): Promise<void> {
    await touchSession(db, { id, now });
  },

  /** A session by its id, with its subject type and, for an operator's, the role and disabling. */
  byId(db: Db, sessionId: number) {
    return db
      .selectFrom('sessions as s')
      .leftJoin('operators as o', (join) =>
        join.onRef('o.id', '=', 's.subject_id').on('s.subject_type', '=', 'operator'),
      )
      .select([...SESSION, 's.subject_type', 'o.role', 'o.disabled_at'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  },

  /** Revokes one session at `now`, unless it is revoked already. */
  async revoke(db: Db, sessionId: number, now: number): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  /**
   * Whether a merchant ever had a session whose device is known (opened since migration 022), and
   * whether one of them was on the device of `deviceKey` (never, for a key of null): one read.
   */
  async devicesSeen(db: Db, merchantId: number, deviceKey: string | null) {
    const row = await db
      .selectFrom('sessions')
      .select([
        sql<number>`count(*)`.as('known'),
        sql<number>`coalesce(sum(case when device_key = ${deviceKey} then 1 else 0 end), 0)`.as('this'),
      ])
      .where('subject_type', '=', 'merchant')
      .where('subject_id', '=', merchantId)
      .where('device_key', 'is not', null)
      .executeTakeFirstOrThrow();
    return { any: Number(row.known) > 0, this: Number(row.this) > 0 };
  },

  /**
   * A subject's sessions live at `now` (not revoked, before their expiry, used within `idleMs`),
   * with where each was opened; most recently used first. With `id`, that one only.
   */
  live(db: Db, subject: Subject, now: number, idleMs: number, id?: number) {
    let q = db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip', 'country'])
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - idleMs);
    if (id !== undefined) q = q.where('id', '=', id);
    return q.orderBy('last_seen_at', 'desc').orderBy('id', 'desc').execute();
  },

  /**
   * Revokes at `now` a subject's sessions that are live (as `live` reads them): the one `only`
   * names, or all but `keep`. How many it revoked.
   */
  async revokeLive(
    db: Db,
    subject: Subject,
    now: number,
    idleMs: number,
    which: { only: number } | { keep: number },
  ): Promise<number> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - idleMs);
    q = 'only' in which ? q.where('id', '=', which.only) : q.where('id', '!=', which.keep);
    const done = await q.executeTakeFirst();
    return Number(done.numUpdatedRows);
  },

  /** Revokes at `now` every live session of a subject but `keep` (when given). */
  async revokeAll(db: Db, subject: Subject, now: number, keep?: number): Promise<void> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('revoked_at', 'is', null);
    if (keep !== undefined) q = q.where('id', '!=', keep);
    await q.execute();
  },
};
