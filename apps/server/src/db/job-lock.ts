import { sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './engine';

/**
 * Runs periodic work in one instance at a time (docs/design.md §2, "Scaling out"): on PostgreSQL under a
 * session advisory lock (`pg_try_advisory_lock`) taken on a connection of its own, so an instance
 * that can't take it skips the run and answers null; SQLite is one process, where the caller's own
 * one-run-at-a-time guard is the whole rule, so the work just runs. Each kind of work has its own
 * key (order jobs, ledger checks...), so they don't wait for each other.
 */
export async function withJobLock<T>(db: Db, key: number, run: () => Promise<T>): Promise<T | null> {
  if (!isPostgres(db)) return run();
  return db.connection().execute(async (conn) => {
    const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!got.rows[0]?.locked) return null;
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
