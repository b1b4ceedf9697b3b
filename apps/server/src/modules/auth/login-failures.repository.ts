import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

/**
 * Login attempt counters, one row per key (`acct:<account>` or `ip:<address>`). No rules here: the
 * login service decides what the counts mean.
 */
export const loginFailuresRepository = {
  /**
   * Counts one more attempt on `key` and answers the new count, in one statement, so parallel
   * attempts each get their own number. A count last touched at or before `since` starts again at 1.
   */
  async add(db: Db | Tx, key: string, now: number, since: number): Promise<number> {
    const row = await db
      .insertInto('login_failures')
      .values({ client_key: key, failures: 1, updated_at: now })
      .onConflict((oc) =>
        oc.column('client_key').doUpdateSet({
          failures: sql<number>`case when login_failures.updated_at > ${since} then login_failures.failures + 1 else 1 end`,
          updated_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  },

  /** Takes one attempt back off `key`. */
  async release(db: Db | Tx, key: string): Promise<void> {
    await db
      .updateTable('login_failures')
      .set({ failures: sql<number>`failures - 1` })
      .where('client_key', '=', key)
      .where('failures', '>', 0)
      .execute();
  },

  async clear(db: Db | Tx, key: string): Promise<void> {
    await db.deleteFrom('login_failures').where('client_key', '=', key).execute();
  },
};
