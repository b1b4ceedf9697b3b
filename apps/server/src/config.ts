import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// From src/config.ts or from the build's dist/*.js (build.mjs keeps them at the same depth).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** Folder of the SQLite file and the uploads when DATABASE_URL is not set. */
  dataDir: string;
  /** postgres://… selects PostgreSQL; unset selects the embedded SQLite file in dataDir. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so deployments (or test runs) sharing one Redis keep apart. */
  redisPrefix: string;
  /** Signs third-party handoffs; also the key of the captcha and code hashes. */
  secret: string;
  trustProxy: boolean | string;
  /** Public address of the app, for invitation links. */
  publicUrl: string;
  /** Customer-service contact shown in the app until an admin sets one (modules/shop, docs/shop.md). */
  serviceUrl: string;
  /** Built merchant app served at / when present. */
  webDist: string;
  /** Built storefront (apps/storefront) served under /s/ when present (`STOREFRONT_DIST`). */
  storefrontDist: string;
  /** Built operator console (apps/admin) served under /console/ when present (`CONSOLE_DIST`). */
  consoleDist: string;
  uploadsDir: string;
  /** Seed the demo platform when the database is empty. */
  seedDemo: boolean;
  logLevel: string;
  /** Password hashing cost; tests may lower it, production never does. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  sessionIdleMs: number;
  sessionMaxMs: number;
  /**
   * Operators' sessions end after this long without a request (`OPERATOR_IDLE_MINUTES`, default 30);
   * merchants keep `sessionIdleMs`. Both end at `sessionMaxMs`.
   */
  operatorIdleMinutes: number;
  /** Multiplies every rate limit's allowance (1 in production; tests raise it). */
  rateLimitScale: number;
  /** The platform's one currency (`CURRENCY`, default USD): see docs/decisions.md. */
  currency: { code: string; symbol: string };
  /**
   * Browser tests only (`TEST_CLOCK=1`, refused with NODE_ENV=production): the server's clock can be
   * moved forward with `POST /__test/clock`, which then runs the order jobs (docs/testing.md).
   */
  testClock: boolean;
  /**
   * With `TEST_CLOCK=1` only: `TEST_CLOCK_AT` (an ISO time) stops the test clock at that time, so it
   * moves only with `POST /__test/clock` (the visual tests' screens show the same dates on every run).
   */
  testClockAt: number | null;
  /**
   * How often the ledger check runs on its own and records its result for the console's overview
   * (`LEDGER_CHECK_MINUTES`, default 60; 0 = never), in one instance at a time (docs/console-api.md).
   */
  ledgerCheckMs: number;
  /**
   * How often the ledger's chain heads are signed into a public checkpoint
   * (`LEDGER_CHECKPOINT_MINUTES`, default 60; 0 = never), docs/ledger-proof.md.
   */
  checkpointMs: number;
  /**
   * The Ed25519 seed (64 hex digits) checkpoints are signed with: `LEDGER_SIGNING_KEY`, or derived
   * from SECRET when unset. Changing it changes the published key: merchants are told in docs.
   */
  ledgerSigningKey: string;
  /**
   * How old the overview's platform-wide sums may be when an operator reads them
   * (`OVERVIEW_MAX_AGE_SECONDS`, default 30; 0 = computed for every read): docs/console-api.md.
   */
  overviewMaxAgeMs: number;
  /**
   * How often the chain watcher reads the watched networks' new blocks (`CHAIN_WATCH_SECONDS`,
   * default 5; 0 = never, for tests), in one instance at a time per network (docs/wallet.md).
   */
  chainWatchMs: number;
  /** Orders (docs/orders.md): how the storefront's buyers pay and when unpaid orders lapse. */
  orders: {
    /** `PAYMENT_PROVIDER`: `test` (the default, marked as test mode everywhere it shows). */
    paymentProvider: 'test';
    /** Signs and checks the provider's webhook events (`PAYMENT_WEBHOOK_SECRET`, else derived from SECRET). */
    webhookSecret: string;
    /** An unpaid order is cancelled this long after it was placed (`UNPAID_TIMEOUT_MINUTES`, default 30). */
    unpaidTimeoutMs: number;
    /** How often the order jobs (unpaid timeout, auto-confirm, settlement) run (`ORDER_JOBS_SECONDS`, default 60; 0 = never, for tests). */
    jobsIntervalMs: number;
  };
}

/**
 * The platform's currency from `CURRENCY` (ISO 4217, default USD), with its symbol. Every amount is
 * integer cents with two decimals, so a currency with another minor unit (JPY, VND, KWD) is refused
 * at start rather than shown wrongly.
 */
export function currencyOf(value: string | undefined): { code: string; symbol: string } {
  const code = (value || 'USD').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code))
    throw new Error(`CURRENCY is not an ISO 4217 currency code: ${value}`);
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  });
  if (format.resolvedOptions().maximumFractionDigits !== 2)
    throw new Error(`CURRENCY ${code}: amounts here have 2 decimals, ${code} does not`);
  const symbol = format.formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
  return { code, symbol };
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT is not a port: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const production = env.NODE_ENV === 'production';
  const secret = env.SECRET ?? (production ? '' : devSecret(dataDir));
  if (secret.length < 32) throw new Error('SECRET must be set to at least 32 characters in production');
  const trust = env.TRUST_PROXY;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Dropdesk <no-reply@dropdesk.local>',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'dropdesk:',
    secret,
    trustProxy:
      trust === undefined || trust === '' ? false : /^(true|false)$/.test(trust) ? trust === 'true' : trust,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    serviceUrl: env.SERVICE_URL ?? 'https://t.me/dropdesk_support',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    storefrontDist: path.resolve(env.STOREFRONT_DIST ?? path.join(repoRoot, 'apps/storefront/dist')),
    consoleDist: path.resolve(env.CONSOLE_DIST ?? path.join(repoRoot, 'apps/admin/dist')),
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    sessionIdleMs: 7 * 24 * 3_600_000,
    sessionMaxMs: 30 * 24 * 3_600_000,
    operatorIdleMinutes: positiveNumber(env.OPERATOR_IDLE_MINUTES, 30, 'OPERATOR_IDLE_MINUTES'),
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1) || 1,
    currency: currencyOf(env.CURRENCY),
    testClock: testClockOf(env.TEST_CLOCK, production),
    testClockAt: testClockAtOf(env.TEST_CLOCK_AT, bool(env.TEST_CLOCK, false)),
    ledgerCheckMs: positiveNumber(env.LEDGER_CHECK_MINUTES, 60, 'LEDGER_CHECK_MINUTES', true) * 60_000,
    checkpointMs:
      positiveNumber(env.LEDGER_CHECKPOINT_MINUTES, 60, 'LEDGER_CHECKPOINT_MINUTES', true) * 60_000,
    ledgerSigningKey: signingKeyOf(env.LEDGER_SIGNING_KEY, secret),
    overviewMaxAgeMs:
      positiveNumber(env.OVERVIEW_MAX_AGE_SECONDS, 30, 'OVERVIEW_MAX_AGE_SECONDS', true) * 1_000,
    chainWatchMs: positiveNumber(env.CHAIN_WATCH_SECONDS, 5, 'CHAIN_WATCH_SECONDS', true) * 1_000,
    orders: {
      paymentProvider: paymentProviderOf(env.PAYMENT_PROVIDER),
      webhookSecret:
        env.PAYMENT_WEBHOOK_SECRET || createHash('sha256').update(`webhook:${secret}`).digest('hex'),
      unpaidTimeoutMs: positiveNumber(env.UNPAID_TIMEOUT_MINUTES, 30, 'UNPAID_TIMEOUT_MINUTES') * 60_000,
      jobsIntervalMs: positiveNumber(env.ORDER_JOBS_SECONDS, 60, 'ORDER_JOBS_SECONDS', true) * 1_000,
    },
  };
}

/**
 * Outside production, without SECRET: a random secret made once and kept in `DATA_DIR/.dev-secret`,
 * so a restart keeps what is sealed under it (operators' TOTP secrets, docs/decisions.md 20) and
 * `npm run ops` reads what the server wrote. Production refuses to start without SECRET instead.
 */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, '.dev-secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // Not made yet.
  }
  const made = randomBytes(32).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

function testClockOf(value: string | undefined, production: boolean): boolean {
  const on = bool(value, false);
  if (on && production)
    throw new Error('TEST_CLOCK moves the clock money depends on: never with NODE_ENV=production');
  return on;
}

function testClockAtOf(value: string | undefined, testClock: boolean): number | null {
  if (!value) return null;
  const at = Date.parse(value);
  if (!testClock || Number.isNaN(at))
    throw new Error('TEST_CLOCK_AT: an ISO time, and only with TEST_CLOCK=1');
  return at;
}

function paymentProviderOf(value: string | undefined): 'test' {
  const provider = (value || 'test').trim();
  if (provider !== 'test') throw new Error(`PAYMENT_PROVIDER: only "test" is built in, not ${value}`);
  return provider;
}

function positiveNumber(
  value: string | undefined,
  fallback: number,
  name: string,
  zeroAllowed = false,
): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !zeroAllowed))
    throw new Error(`${name} is not a positive number: ${value}`);
  return n;
}

/** LEDGER_SIGNING_KEY: 64 hex digits; unset, a seed of its own derived from SECRET (stable across restarts). */
function signingKeyOf(value: string | undefined, secret: string): string {
  if (value === undefined || value === '')
    return createHash('sha256').update(`ledger-checkpoint-key:${secret}`).digest('hex');
  if (!/^[0-9a-fA-F]{64}$/.test(value))
    throw new Error('LEDGER_SIGNING_KEY must be 64 hex digits (an Ed25519 seed)');
  return value.toLowerCase();
}
