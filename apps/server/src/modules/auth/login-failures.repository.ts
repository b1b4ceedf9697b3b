import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

/**
 * Login attempt counters, one row per key (`acct:<account>` or `ip:<address>`): confirmed wrong
 * answers within the failure window, and attempts being checked now (in flight, on a lease). No
 * rules here: the login service decides what the counts mean. Each change is one statement, so
 * parallel attempts each see their own result.
 */
export const loginFailuresRepository = {
  /**
   * Takes a slot for one attempt on `key` while confirmed failures (those after `since`) and live
   * slots together stay under `max`. True when taken; false when the key is at its limit.
   */
  async reserve(
    db: Db | Tx,
    key: string,
    rule: { max: number; now: number; since: number; until: number },
  ): Promise<boolean> {
    const failures = sql<number>`(case when login_failures.updated_at > ${rule.since} then login_failures.failures else 0 end)`;
    const inflight = sql<number>`(case when login_failures.inflight_until > ${rule.now} then login_failures.inflight else 0 end)`;
    const row = await db
      .insertInto('login_failures')
      .values({ client_key: key, failures: 0, updated_at: rule.now, inflight: 1, inflight_until: rule.until })
      .onConflict((oc) =>
        oc
          .column('client_key')
          .doUpdateSet({
            failures: failures,
            inflight: sql<number>`${inflight} + 1`,
            inflight_until: rule.until,
          })
          .where(sql<boolean>`${failures} + ${inflight} < ${rule.max}`),
      )
      .returning('client_key')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The confirmed failures on `key` after `since`. */
  async failures(db: Db | Tx, key: string, since: number): Promise<number> {
    const row = await db
      .selectFrom('login_failures')
      .select(['failures', 'updated_at'])
      .where('client_key', '=', key)
      .executeTakeFirst();
    return row && row.updated_at > since ? Number(row.failures) : 0;
  },

  /**
   * Ends one attempt on `key`: frees its slot (when it held one) and, for a wrong answer, counts
   * one more failure (a count last touched at or before `since` starts again). Answers the
   * failures after it.
   */
  async settle(
    db: Db | Tx,
    key: string,
    outcome: { wrong: boolean; heldSlot: boolean; now: number; since: number },
  ): Promise<number> {
    const freed = outcome.heldSlot
      ? sql<number>`case when inflight > 0 then inflight - 1 else 0 end`
      : sql<number>`inflight`;
    const current = sql<number>`(case when updated_at > ${outcome.since} then failures else 0 end)`;
    const row = await db
      .updateTable('login_failures')
      .set(
        outcome.wrong
          ? { inflight: freed, failures: sql<number>`${current} + 1`, updated_at: outcome.now }
          : { inflight: freed },
      )
      .where('client_key', '=', key)
      .returning(['failures', 'updated_at'])
      .executeTakeFirst();
    return row && row.updated_at > outcome.since ? Number(row.failures) : 0;
  },

  /** Forgets the confirmed failures of `key` (a right answer on its account). */
  async clearFailures(db: Db | Tx, key: string): Promise<void> {
    await db.updateTable('login_failures').set({ failures: 0 }).where('client_key', '=', key).execute();
  },
};
