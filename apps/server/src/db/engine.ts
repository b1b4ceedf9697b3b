import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/** The one engine switch: the database (or transaction) runs on PostgreSQL, not SQLite. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
