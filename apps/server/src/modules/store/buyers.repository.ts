import type { Lang } from '@dropdesk/contract/constants';
import type { Db } from '../../db/database';

/** Queries of `buyers`, their sign-in codes (`buyer_codes`, one live per email) and `buyer_sessions`. */
export const buyersRepository = {
  /**
   * Stores a new code for an email unless one was sent less than `minGapMs` ago, in one statement:
   * of two sends racing, one stores its code. False when a recent code stands.
   */
  async putCode(
    db: Db,
    code: { email: string; hash: string; now: number; ttlMs: number },
    minGapMs: number,
  ): Promise<boolean> {
    const values = {
      code_hash: code.hash,
      attempts: 0,
      sent_at: code.now,
      expires_at: code.now + code.ttlMs,
    };
    const r = await db
      .insertInto('buyer_codes')
      .values({ email: code.email, ...values })
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet(values)
          .where('buyer_codes.sent_at', '<=', code.now - minGapMs),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  codeOf(db: Db, email: string) {
    return db
      .selectFrom('buyer_codes')
      .select(['code_hash', 'attempts', 'sent_at', 'expires_at'])
      .where('email', '=', email)
      .executeTakeFirst();
  },

  /** Counts one try of the live code, unless `max` were made: false when none is left. */
  async countAttempt(db: Db, email: string, max: number, now: number): Promise<boolean> {
    const r = await db
      .updateTable('buyer_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('email', '=', email)
      .where('attempts', '<', max)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Spends the code, once: false when a racing sign-in spent it first (or a new one replaced it). */
  async spendCode(db: Db, email: string, hash: string): Promise<boolean> {
    const r = await db
      .deleteFrom('buyer_codes')
      .where('email', '=', email)
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },

  /** The buyer of an email, made on first sign-in; the language follows the last sign-in. */
  async upsert(tx: Db, email: string, lang: Lang, now: number): Promise<number> {
    await tx
      .insertInto('buyers')
      .values({ email, lang, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('email').doUpdateSet({ lang, updated_at: now }))
      .execute();
    const row = await tx
      .selectFrom('buyers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  },

  byId(db: Db, id: number) {
    return db.selectFrom('buyers').select(['id', 'email', 'lang']).where('id', '=', id).executeTakeFirst();
  },

  /** A guest's earlier orders with this email join the buyer's account. */
  async adoptGuestOrders(tx: Db, buyerId: number, email: string, now: number): Promise<number> {
    const r = await tx
      .updateTable('orders')
      .set({ buyer_id: buyerId, updated_at: now })
      .where('guest_email', '=', email)
      .where('buyer_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async openSession(
    db: Db,
    session: { tokenHash: string; buyerId: number; now: number; expiresAt: number },
  ): Promise<void> {
    await db
      .insertInto('buyer_sessions')
      .values({
        token_hash: session.tokenHash,
        buyer_id: session.buyerId,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: session.expiresAt,
        revoked_at: null,
      })
      .execute();
  },

  sessionByHash(db: Db, tokenHash: string) {
    return db
      .selectFrom('buyer_sessions')
      .select(['id', 'buyer_id', 'last_seen_at', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  async touchSession(db: Db, id: number, now: number): Promise<void> {
    await db.updateTable('buyer_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  },

  async revokeSession(db: Db, id: number, now: number): Promise<void> {
    await db
      .updateTable('buyer_sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  },
};
