import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Compilable,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SelectQueryNode,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  sql,
  type Transaction,
} from 'kysely';
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

/**
 * Runs a write whose loss in a crash is harmless, committed without waiting for the disk: an
 * Idempotency-Key's reservation, which a crash must forget anyway (the request it guards never
 * answered). Every later synchronous commit flushes it too, since both engines write their log in
 * order, so no acknowledged write depends on it. It saves one flush per money request.
 * - SQLite (WAL): `synchronous = NORMAL` for these statements alone, on the one connection, held
 *   for the whole write so that no transaction's commit runs in between.
 * - PostgreSQL: a transaction with `synchronous_commit = off`.
 */
export function unsyncedWrite<T>(database: Database, write: (db: Db) => Promise<T>): Promise<T> {
  if (database.engine === 'postgres') {
    return database.db.transaction().execute(async (tx) => {
      await sql`set local synchronous_commit = off`.execute(tx);
      return write(tx);
    });
  }
  return database.db.connection().execute(async (conn) => {
    await sql`pragma synchronous = NORMAL`.execute(conn);
    try {
      return await write(conn);
    } finally {
      await sql`pragma synchronous = FULL`.execute(conn);
    }
  });
}

/** pg answers int8 and numeric (SUM) as strings: the one place they become numbers. */
function safeNumber(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer out of the safe range: ${text}`);
  return n;
}
pg.types.setTypeParser(pg.types.builtins.INT8, safeNumber);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, safeNumber);

/** The SQLite file's name inside dataDir, unless `file` says otherwise. */
export const SQLITE_FILE = 'dropdesk.sqlite';

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

/** Runs a compiled SELECT outside any transaction and answers its rows (see `prepared`). */
type Reader = (sql: string, values: readonly unknown[]) => Promise<unknown[]>;

/** Each database's reader, found from its Kysely instance (a transaction never has one). */
const readers = new WeakMap<Db, Reader>();

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.warn(`database: idle connection lost: ${error.message}`)),
    );
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // A pooled query: the same connections, type parsers and SQL Kysely would use.
    readers.set(db, (sql, values) => pool.query(sql, values as unknown[]).then((r) => r.rows));
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.file ?? SQLITE_FILE);
  const sqlite = new SQLite(file);
  // WAL with synchronous=FULL: every acknowledged commit is on disk before we answer.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  // A second connection for hot reads, read-only: Kysely serialises its one connection behind a
  // mutex so that a transaction's statements don't interleave with others, and a read on that
  // connection while another request's transaction is open would see its uncommitted writes. Under
  // WAL this connection reads the last committed state, without waiting for the writer.
  const reading = new SQLite(file, { readonly: true });
  reading.pragma('busy_timeout = 5000');
  const statements = cachingStatements(reading);
  readers.set(db, async (sql, values) => statements.prepare(sql).all(values) as unknown[]);
  return {
    db,
    engine: 'sqlite',
    close: async () => {
      await db.destroy();
      statements.close();
    },
  };
}

/** Distinct SQL texts kept prepared: every query the code can build fits many times over. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with each SQL text prepared once. Kysely asks
 * for `prepare(sql)` on every query, and SQLite's prepare (parse and plan) cost more than running
 * the query. A statement runs to completion synchronously (`all`, `run`), so one statement serves
 * every caller; only `iterate` (a stream, which stays open across awaits) gets its own.
 */
export function cachingStatements(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql) {
      const hit = cache.get(sql);
      if (hit) {
        // Most recently used goes last; the first key is the one to evict.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      const cached: SqliteStatement = {
        reader: stmt.reader,
        all: (parameters) => stmt.all(parameters),
        run: (parameters) => stmt.run(parameters),
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
      cache.set(sql, cached);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return cached;
    },
  };
}

/** A named parameter of a `prepared` query, standing in for its value while the query compiles. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A hot query built with Kysely once per database and run with new values: building and compiling
 * a query costs more than running it. `build` receives stand-ins for `params` that it may only
 * pass to the builder as values (`where(col, '=', p.id)`), never inspect or put in a list; the
 * result is the same SQL and the same driver call as building the query each time, on both engines.
 */
export function prepared<P extends Record<string, string | number | null>, R>(
  build: (db: Db, params: P) => Compilable<R>,
): (db: Db, params: P) => Promise<R[]> {
  const compiled = new WeakMap<Db, { sql: string; select: boolean; values: Array<(params: P) => unknown> }>();
  return async (db, params) => {
    let query = compiled.get(db);
    if (!query) {
      const slots = Object.fromEntries(Object.keys(params).map((name) => [name, new Slot(name)]));
      const { sql, parameters, query: node } = build(db, slots as unknown as P).compile();
      const used = new Set<string>();
      const values = parameters.map((value) => {
        if (!(value instanceof Slot)) return () => value;
        used.add(value.name);
        return (p: P) => p[value.name];
      });
      const unused = Object.keys(params).filter((name) => !used.has(name));
      if (unused.length) throw new Error(`prepared query does not bind ${unused.join(', ')}: ${sql}`);
      query = { sql, select: SelectQueryNode.is(node), values };
      compiled.set(db, query);
    }
    const values = query.values.map((value) => value(params));
    const reader = query.select ? readers.get(db) : undefined;
    if (reader) return (await reader(query.sql, values)) as R[];
    const result = await db.executeQuery<R>(CompiledQuery.raw(query.sql, values));
    return result.rows;
  };
}
