import type { Db } from './database';

/** One request's reservation of an Idempotency-Key: its scope and key, and when it was reserved. */
export interface KeyReservation {
  scope: string;
  key: string;
  reservedAt: number;
}

/**
 * The Idempotency-Key rows of plugins/idempotency.ts (reservations and recorded answers). No rules
 * here: the plugin decides when a key is reserved, taken over, completed or forgotten. Each change
 * is one statement, and the ones on a reservation match it by its `created_at`, so a request never
 * changes a reservation a retry has taken over.
 */
export const idempotencyKeysRepository = {
  /** Reserves a key (pending) unless a row for it exists: true when this call reserved it. */
  async reserve(db: Db, at: KeyReservation, requestHash: string): Promise<boolean> {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        scope: at.scope,
        key: at.key,
        request_hash: requestHash,
        state: 'pending',
        http_status: null,
        response: null,
        created_at: at.reservedAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /**
   * Deletes the key's reservation if it is still pending, for the same request, and was made
   * before `before`: true when it deleted it.
   */
  async deleteStale(
    db: Db,
    key: { scope: string; key: string },
    requestHash: string,
    before: number,
  ): Promise<boolean> {
    const stale = await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', key.scope)
      .where('key', '=', key.key)
      .where('request_hash', '=', requestHash)
      .where('state', '=', 'pending')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(stale.numDeletedRows ?? 0) === 1;
  },

  /** Records the answer of a still pending reservation: answers the rows it changed (1, or 0 once taken over). */
  async complete(
    db: Db,
    at: KeyReservation,
    answer: { http_status: number; response: string },
  ): Promise<number> {
    const done = await db
      .updateTable('idempotency_keys')
      .set({ state: 'done', ...answer })
      .where('scope', '=', at.scope)
      .where('key', '=', at.key)
      .where('state', '=', 'pending')
      .where('created_at', '=', at.reservedAt)
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  },

  /** The key's row as a retry reads it: which request reserved it, and its answer once done. */
  byKey(db: Db, key: { scope: string; key: string }) {
    return db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'http_status', 'response'])
      .where('scope', '=', key.scope)
      .where('key', '=', key.key)
      .executeTakeFirst();
  },

  /** Forgets a reservation still pending (its request failed), so a retry can run again. */
  async forget(db: Db, at: KeyReservation): Promise<void> {
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', at.scope)
      .where('key', '=', at.key)
      .where('state', '=', 'pending')
      .where('created_at', '=', at.reservedAt)
      .execute();
  },
};
