import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type Engine = 'sqlite' | 'postgres';
export type Tx = Transaction<DB>;
export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

/** pg answers int8 and numeric (SUM) as strings: the one place they become numbers. */
function safeNumber(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer out of the safe range: ${text}`);
  return n;
}
pg.types.setTypeParser(pg.types.builtins.INT8, safeNumber);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, safeNumber);

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  file?: string;
  poolSize?: number;
  /**
   * Told when PostgreSQL ends an idle pooled connection (a server restart, a failover, an operator's
   * terminate). The pool drops that connection and opens another on the next query; without a
   * listener node-postgres would throw the error and take the whole process down.
   */
  onIdleError?: (error: Error) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.warn(`database: idle connection lost: ${error.message}`)),
    );
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, options.file ?? 'dropdesk.sqlite'));
  // WAL with synchronous=FULL: every acknowledged commit is on disk before we answer.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}
