import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText } from '@dropdesk/contract/fold';
import autocannon from 'autocannon';
import pg from 'pg';
// @ts-expect-error: a plain ES module without types (it builds dist/main.js when stale).
import { builtServer } from '../built.mjs';
import type { Db, Engine } from '../src/db/database';
import { createMerchant } from '../src/modules/auth/registration';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Waits until `url` answers (anything below 500), failing if `child` exits first or after `seconds`. */
export async function waitFor(url: string, child: ChildProcess, seconds = 30): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not up: ${url}`);
}

/**
 * Node's flags for the server, read from its `npm start` script (apps/server/package.json) so the
 * benches measure the server as it runs: `--heap-growing-percent=50` (docs/deploy.md, "Memory")
 * and `--enable-source-maps`.
 */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/** A deterministic pseudo-random sequence, so every run fills the same data. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A fresh place for one engine's data: a temporary DATA_DIR, and a new database on PostgreSQL. */
export async function freshDatabase(engine: Engine, prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dropdesk-bench-${prefix}-`));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `dd_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    /** Removes both, unless BENCH_KEEP is set (then says where they are). */
    async drop() {
      if (process.env.BENCH_KEEP) {
        console.log(`kept: ${dataDir} ${databaseUrl ?? ''}`);
        return;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!dbName) return;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The real server (dist/main.js, production settings, log level info, no demo seed) on `dataDir`
 * and `databaseUrl`, and a bare Fastify route beside it; answers their addresses and processes.
 */
export async function startServers(dataDir: string, databaseUrl: string | undefined, port: number) {
  // BENCH_PROFILE=1: the server writes a CPU profile on exit, into BENCH_PROFILE_DIR or the data dir.
  const profile =
    process.env.BENCH_PROFILE === '1'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR ?? path.join(dataDir, 'profile')}`]
      : [];
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, builtServer()], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MALLOC_MMAP_THRESHOLD_: '131072',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      SECRET: 'bench-secret-0123456789abcdef0123456789',
      RATE_LIMIT_SCALE: '1000000',
      ORDER_JOBS_SECONDS: '0',
      LEDGER_CHECK_MINUTES: '0',
      WEB_DIST: path.join(dataDir, 'none'),
    },
    stdio: ['ignore', fs.openSync(path.join(dataDir, 'server.log'), 'a'), 'inherit'],
  });
  const bare = fork(path.join(here, 'bare.ts'), [], {
    env: { ...process.env, PORT: String(port + 1) },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const api = `http://127.0.0.1:${port}`;
  const bareUrl = `http://127.0.0.1:${port + 1}/bare`;
  const stop = async () => {
    for (const child of [server, bare]) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
  };
  try {
    await waitFor(`${api}/healthz`, server, 60);
    await waitFor(bareUrl, bare);
  } catch (error) {
    await stop();
    throw error;
  }
  return { api, bareUrl, server, bare, stop };
}

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A new body for each request (each pickup names the next order). */
  body?: () => string;
  /** Headers that change with each request (an Idempotency-Key). */
  headersFor?: () => Record<string, string>;
}

/**
 * Loads one route with autocannon for `seconds` over `connections`, sampling `pid`'s memory;
 * answers the table row. An answer that is not HTTP 200 with `code: 1` is counted (a refusal also
 * travels as 200) and the first one is printed.
 */
export async function measure(
  name: string,
  pid: number | undefined,
  target: Target,
  options: { connections: number; seconds: number },
) {
  let peak = 0;
  let refused = 0;
  let sample = '';
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 200);
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: options.connections,
        duration: options.seconds,
        requests: [
          {
            method: target.method ?? 'GET',
            headers: target.headers,
            ...(target.body || target.headersFor
              ? {
                  setupRequest: (req) => ({
                    ...req,
                    ...(target.body ? { body: target.body() } : {}),
                    ...(target.headersFor ? { headers: { ...req.headers, ...target.headersFor() } } : {}),
                  }),
                }
              : {}),
            onResponse: (status: number, body: string) => {
              if (status === 200 && body.startsWith('{"code":1')) return;
              refused++;
              sample ||= `${status} ${body.slice(0, 200)}`;
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  clearInterval(sampler);
  if (sample) console.warn(`${name}: not a success, e.g. ${sample}`);
  return {
    route: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'RSS MiB (peak)': peak,
    'RSS MiB (after)': rssMiB(pid),
    requests: r.requests.total,
    /** Transport failures: connection errors, timeouts, HTTP statuses other than 2xx. */
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
    /** Answers that were not a success (a refusal travels as HTTP 200 with code 0). */
    'not code 1': refused,
  };
}

export type MeasuredRow = Awaited<ReturnType<typeof measure>>;

/**
 * Bench merchant number `m` (phone, email and shop name from it and `tag`, so two benches' merchants
 * never collide), written straight to the tables with no parent; answers its id.
 */
export function benchMerchant(tx: Db, tag: string, m: number, now: number): Promise<number> {
  return createMerchant(
    tx,
    {
      phone: `+84${tag}${String(m).padStart(7, '0')}`,
      email: `bench-${tag}-${m}@dropdesk.local`,
      passwordHash: 'x',
      realName: `Bench ${m}`,
      country: 'VN',
      timeZone: 'Asia/Ho_Chi_Minh',
      lang: 'vi',
      parentId: null,
      store: { name: `Shop ${m}`, address: 'Bench Street', logo: null },
    },
    now,
  );
}

/** Statuses of a shop that has sold for a while (most completed, a few in every other), with the settlement each implies. */
export const ORDER_MIX: ReadonlyArray<{ share: number; status: number; settlement: number }> = [
  { share: 0.7, status: 4, settlement: 2 },
  { share: 0.08, status: 3, settlement: 1 },
  { share: 0.05, status: 5, settlement: 0 },
  { share: 0.04, status: 1, settlement: 0 },
  { share: 0.03, status: 2, settlement: 0 },
  { share: 0.02, status: 6, settlement: 0 },
  { share: 0.02, status: 7, settlement: 0 },
  { share: 0.03, status: -1, settlement: 0 },
  { share: 0.03, status: 0, settlement: 0 },
];

/** The statuses of an order that has been picked up (its cost paid). */
export const PICKED_STATUSES = [1, 2, 6, 7, 3, 4];

/** The status (and settlement) of ORDER_MIX that a draw `r` in [0, 1) falls on. */
export function orderStatusOf(r: number) {
  let acc = 0;
  for (const m of ORDER_MIX) {
    acc += m.share;
    if (r < acc) return m;
  }
  return ORDER_MIX[0] as (typeof ORDER_MIX)[number];
}

/** The one product every bench order sells (cost 1,000, in its own category), with an English title if given; answers its id. */
export async function benchProduct(db: Db, now: number, title?: string): Promise<number> {
  const { id: category } = await db
    .insertInto('categories')
    .values({ parent_id: null, main_lang: 'en', sort: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: product } = await db
    .insertInto('products')
    .values({
      category_id: category,
      top_category_id: category,
      main_lang: 'en',
      cost: 1_000,
      stock: 1_000_000,
      hot: 0,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (title !== undefined)
    await db
      .insertInto('product_texts')
      .values({ product_id: product, lang: 'en', title, title_fold: foldText(title), description: '' })
      .execute();
  return product;
}

/**
 * A bench order row of `quantity` units of the bench product (price 1,150, cost 1,000) to a guest
 * buyer, in `status` with `settlement`, created, paid and picked at the given times (null: not yet).
 * A bench adds what else it records (refunds, ratings, cancellation).
 */
export function benchOrderRow(o: {
  orderNo: string;
  serial: number;
  merchantId: number;
  listingId: number;
  productId: number;
  quantity: number;
  status: number;
  settlement: number;
  created: number;
  paid: number | null;
  picked: number | null;
}) {
  const total = 1_150 * o.quantity;
  return {
    order_no: o.orderNo,
    merchant_id: o.merchantId,
    buyer_id: null,
    guest_email: `buyer${o.serial % 5_000}@example.com`,
    token_hash: null,
    lang: 'vi' as const,
    listing_id: o.listingId,
    product_id: o.productId,
    title: 'Wireless earbuds KQ-13',
    title_fold: foldText('Wireless earbuds KQ-13'),
    image_url: null,
    quantity: o.quantity,
    unit_price: 1_150,
    unit_cost: 1_000,
    total,
    cost_total: 1_000 * o.quantity,
    status: o.status as 0,
    settlement: o.settlement as 0,
    receiver_name: 'Nguyễn Văn An',
    receiver_phone: '+84901234567',
    address: '12 Lê Lợi, Quận 1, Hồ Chí Minh',
    cost_paid: o.picked === null ? 0 : 1_000 * o.quantity,
    paid_at: o.paid,
    picked_at: o.picked,
    pay_deadline: o.created + 30 * 60_000,
    created_at: o.created,
    updated_at: o.created,
  };
}
