import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, SQLITE_FILE } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * Migrates one database per run, the template that `buildTestApp` clones for every test app
 * (docs/testing.md, "The template database"): a test app then starts on a copy of a migrated
 * database instead of running the 17 migrations on an empty one. Made anew at each run and dropped
 * at its end, so a new or edited migration never meets a template made before it, and two runs at
 * once (several worktrees share one PostgreSQL) never share one.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-template-'));
  if (adminUrl) {
    const name = `dd_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 1 });
    await migrateToLatest(database);
    await database.close();
    // A database with a connection open cannot be copied: no one connects to the template again.
    await adminQuery(adminUrl, `alter database ${name} allow_connections false`);
    project.provide('pgTemplate', name);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  await database.close();
  // One self-contained file: everything in the write-ahead log written back into it, and the
  // journal switched off WAL so that no -wal or -shm file belongs with it. openDatabase turns WAL
  // on again in each copy.
  const file = path.join(dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  for (const extra of ['-wal', '-shm']) {
    if (fs.existsSync(file + extra)) throw new Error(`template ${file} still has its ${extra} file`);
  }
  project.provide('sqliteTemplate', file);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file each test app copies (SQLite runs). */
    sqliteTemplate?: string;
    /** The migrated PostgreSQL database each test app is created from (DATABASE_URL runs). */
    pgTemplate?: string;
  }
}
