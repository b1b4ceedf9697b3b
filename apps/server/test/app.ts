import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase, SQLITE_FILE } from '../src/db/database';
import type { CaptchaMaker } from '../src/lib/captcha';
import { ManualClock } from '../src/lib/clock';

/** The captcha answer in tests (the image is real, the answer is known). */
export const TEST_CAPTCHA = 'AB12';
const testCaptcha: CaptchaMaker = {
  make: () => ({ answer: TEST_CAPTCHA, image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
};

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  config: Config;
  engine: 'sqlite' | 'postgres';
  /** Idle PostgreSQL connections the server ended (and the pool replaced). */
  lostConnections: Error[];
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database: a temporary SQLite file, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for this app and dropped after it. Same code path as production,
 * except a manual clock, a known captcha answer and a lower (still Argon2id) hashing cost.
 *
 * The fresh database is a copy of the run's template (test/global-setup.ts), migrated once per run:
 * the app's migrator still runs at start and finds nothing to do. Without a template (a config
 * without that global setup) the app migrates an empty database, as production does.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    /** A second instance on the first one's database (same SQLite file or PostgreSQL database, same clock). */
    shareWith?: TestApp;
    /** Pino options, to read the log (default: silent). */
    logger?: object;
  } = {},
): Promise<TestApp> {
  const first = options.shareWith;
  const dataDir = first?.config.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-test-'));
  // The first instance creates and drops the database; a second one only connects to it.
  const adminUrl = first ? undefined : process.env.DATABASE_URL;
  let databaseUrl: string | undefined = first?.config.databaseUrl;
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `dd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const template = inject('pgTemplate');
    await admin.query(`create database ${dbName}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const loaded = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SECRET: 'test-secret-0123456789abcdef0123456789',
  });
  const config: Config = {
    ...loaded,
    // No background jobs: tests run them by hand with the ManualClock.
    orders: { ...loaded.orders, jobsIntervalMs: 0 },
    ledgerCheckMs: 0,
    checkpointMs: 0,
    chainWatchMs: 0,
    // The overview computes its sums for every read, so a test sees what it just did.
    overviewMaxAgeMs: 0,
    databaseUrl,
    seedDemo: false,
    logLevel: 'silent',
    argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
    rateLimitScale: 1000,
    publicUrl: 'https://shop.example',
    webDist: path.join(dataDir, 'no-web'),
    storefrontDist: path.join(dataDir, 'no-storefront'),
    consoleDist: path.join(dataDir, 'no-console'),
    ...overrides,
  };
  const sqliteTemplate = inject('sqliteTemplate');
  if (!first && !config.databaseUrl && sqliteTemplate) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(sqliteTemplate, path.join(config.dataDir, SQLITE_FILE));
  }
  // Closing drops the database `with (force)`: a pooled connection still ending then is told so.
  const lostConnections: Error[] = [];
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 20,
    onIdleError: (error) => lostConnections.push(error),
  });
  const clock = first?.clock ?? new ManualClock(Date.now());
  const app = await buildApp(config, {
    clock,
    database,
    captcha: testCaptcha,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    engine: database.engine,
    lostConnections,
    async close() {
      await app.close();
      await database.close();
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      if (!first) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
