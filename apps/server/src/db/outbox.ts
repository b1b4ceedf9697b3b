import type { Insertable } from 'kysely';
import type { Db } from './database';
import type { OutboxTable } from './schema';

/**
 * The outbox rows the mailer (lib/mailer.ts) writes: here in the db layer because lib may import no
 * module. No rules here: the mailer decides what is sent and recorded.
 */
export const outboxRepository = {
  /** Writes a message to the outbox: answers its id. */
  insert(db: Db, values: Insertable<OutboxTable>): Promise<{ id: number }> {
    return db.insertInto('outbox').values(values).returning('id').executeTakeFirstOrThrow();
  },

  /** Marks a message delivered at `at`, its body replaced by `body` (the record, not the secret). */
  async markDelivered(db: Db, id: number, at: number, body: string): Promise<void> {
    await db.updateTable('outbox').set({ sent_at: at, body }).where('id', '=', id).execute();
  },

  /** The last `limit` messages written, newest first (`ops outbox`). */
  latest(db: Db, limit: number) {
    return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  },

  /** Records why a message's delivery failed. */
  async markFailed(db: Db, id: number, error: string): Promise<void> {
    await db.updateTable('outbox').set({ error }).where('id', '=', id).execute();
  },
};
