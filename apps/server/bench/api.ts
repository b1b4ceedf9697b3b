import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
// @ts-expect-error: a plain ES module without types (it builds dist/main.js when stale).
import { builtServer } from '../built.mjs';
import { totpCode } from '../src/lib/totp';
import { byPackage, topSelfTime } from './profile';
import { type MeasuredRow, measure, SERVER_NODE_FLAGS, type Target, waitFor } from './support';

/**
 * npm run bench:api — throughput, p99 and server memory of the real server (SQLite, production log
 * level and hashing cost) beside two yardsticks in the same run:
 * - bare: a bare Fastify route (the ceiling of the framework on this machine);
 * - limit: a bare Fastify app with our security headers and request log that reads getMerInfo's
 *   rows from the same database file with two prepared statements (bench/limit.ts): the ceiling
 *   of an authenticated read. getMerInfo is meant to reach 80% of it.
 * The servers and the load generator (this process) share this machine's cores, so the figures
 * are a floor, not a ceiling. BENCH_PROFILE=1 writes a CPU profile of the real server and prints
 * where its time goes.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Alternating slices of the limit route and getMerInfo (see measurePair). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

type Row = MeasuredRow;

/** One route at CONNECTIONS for `seconds` (DURATION by default). */
const run = (name: string, pid: number | undefined, target: Target, seconds = DURATION) =>
  measure(name, pid, target, { connections: CONNECTIONS, seconds });

/**
 * The limit route and getMerInfo measured in alternating slices (ROUNDS of DURATION/ROUNDS
 * seconds each), so that a change in this machine's speed during the run (other tenants, CPU
 * boost) falls on both alike; the ratio is of the two totals. Each row sums its slices: req/s
 * over the whole time, the worst p99, the peak memory.
 */
async function measurePair(
  a: [string, number | undefined, Target],
  b: [string, number | undefined, Target],
): Promise<{ rows: [Row, Row]; ratios: number[] }> {
  const slice = Math.max(1, Math.round(DURATION / ROUNDS));
  const slicesA: Row[] = [];
  const slicesB: Row[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    slicesA.push(await run(a[0], a[1], a[2], slice));
    slicesB.push(await run(b[0], b[1], b[2], slice));
  }
  const combine = (slices: Row[]): Row => {
    const total = slices.reduce((sum, r) => sum + r.requests, 0);
    const median = [...slices].sort((x, y) => x['p50 ms'] - y['p50 ms'])[slices.length >> 1] as Row;
    return {
      route: (slices[0] as Row).route,
      'req/s': Math.round(total / (slice * slices.length)),
      'p50 ms': median['p50 ms'],
      'p99 ms': Math.max(...slices.map((r) => r['p99 ms'])),
      'RSS MiB (peak)': Math.max(...slices.map((r) => r['RSS MiB (peak)'])),
      'RSS MiB (after)': (slices.at(-1) as Row)['RSS MiB (after)'],
      requests: total,
      errors: slices.reduce((sum, r) => sum + r.errors, 0),
      'not code 1': slices.reduce((sum, r) => sum + r['not code 1'], 0),
    };
  };
  const ratios = slicesA.map((r, i) => Math.round((100 * (slicesB[i] as Row).requests) / r.requests));
  return { rows: [combine(slicesA), combine(slicesB)], ratios };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-bench-'));
const profileDir = path.join(dataDir, 'profile');
const apiPort = 18_080;
const barePort = 18_081;
const limitPort = 18_082;
const api = `http://127.0.0.1:${apiPort}`;
const publicUrl = `http://localhost:${apiPort}`;

// The real server logs at the production level, to a file as a service manager would take it.
const serverLog = fs.openSync(path.join(dataDir, 'server.log'), 'a');
const server = spawn(
  process.execPath,
  [
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, 'server')}`] : []),
    ...SERVER_NODE_FLAGS,
    builtServer(),
  ],
  {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // As npm start runs it (docs/deploy.md: memory).
      MALLOC_MMAP_THRESHOLD_: '131072',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      SECRET: 'bench-secret-0123456789abcdef0123456789',
      PUBLIC_URL: publicUrl,
      // Login is rate limited per client by design; the bench measures the work behind the limit.
      RATE_LIMIT_SCALE: '1000000',
      WEB_DIST: path.join(dataDir, 'none'),
    },
    stdio: ['ignore', serverLog, 'inherit'],
  },
);
const children: ChildProcess[] = [server];
const forkBench = (file: string, port: number) => {
  const child = fork(path.join(here, file), [], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: publicUrl },
    execArgv: [
      ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, file.replace('.ts', ''))}`] : []),
      '--import',
      'tsx',
    ],
    stdio: 'inherit',
  });
  children.push(child);
  return child;
};

async function call(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
      ...(method === 'POST' ? { 'idempotency-key': `bench-${Math.random().toString(36).slice(2)}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (json.code !== 1) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Funds records to list: top-ups asked by the merchant and approved by the demo operator. */
async function seedFundsRecords(merchantToken: string, count: number) {
  // The demo admin has no second factor on a fresh database: its first login enrols one, and the
  // code is computed from the secret it answers, as the authenticator app would.
  const step = await call('POST', '/admin/login', null, { username: 'admin', password: 'Admin@2026' });
  if (step.step !== 'enroll')
    throw new Error(`the demo admin should enrol at its first login: ${JSON.stringify(step)}`);
  const op = await call('POST', '/admin/login/totp', null, {
    ticket: step.ticket,
    code: totpCode(step.secret, Date.now()),
  });
  // Bank top-ups are closed until an admin sets the receiving account; the demo has none.
  await call('POST', '/admin/topup_bank_account', op.token, {
    bank_name: 'Bench Bank',
    holder_name: 'Dropdesk Bench',
    account_number: '000000000000',
    reference_rule: 'DD{merchant_id}',
  });
  for (let i = 0; i < count; i++) {
    const image = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: i, g: 80, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('kind', 'voucher');
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'v.png');
    const up = await fetch(`${api}/merchant/common/upload`, {
      method: 'POST',
      headers: { token: merchantToken },
      body: form,
    }).then((r) => r.json() as Promise<{ code: number; data: { id: string } }>);
    if (up.code !== 1) throw new Error(`upload: ${JSON.stringify(up)}`);
    const recharge = await call('POST', '/merchant/merchant/recharge', merchantToken, {
      method: 'bank',
      amount: '150.00',
      voucher: up.data.id,
    });
    await call('POST', '/admin/recharges/approve', op.token, { id: recharge.id });
  }
}

/** The security headers both servers send (the limit route must pay for the same ones). */
async function securityHeaders(url: string, token: string): Promise<string> {
  const res = await fetch(url, { headers: { token } });
  await res.arrayBuffer();
  const names = [...res.headers.keys()].filter(
    (h) => !/^(date|content-length|connection|keep-alive)$/.test(h),
  );
  return names
    .filter((h) => h !== 'content-type')
    .sort()
    .map((h) => `${h}: ${res.headers.get(h)}`)
    .join('\n');
}

try {
  await waitFor(`${api}/healthz`, server);
  const bare = forkBench('bare.ts', barePort);
  const limit = forkBench('limit.ts', limitPort);
  await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
  await waitFor(`http://127.0.0.1:${limitPort}/limit`, limit);

  const login = await call('POST', '/merchant/merchant/login', null, {
    account: 'demo@dropdesk.local',
    password: 'Demo@2026',
  });
  const token = login.merinfo.token as string;
  await seedFundsRecords(token, 25);

  const limitUrl = `http://127.0.0.1:${limitPort}/limit`;
  const merInfoUrl = `${api}/merchant/merchant/getMerInfo`;
  const [ours, theirs] = await Promise.all([
    securityHeaders(merInfoUrl, token),
    securityHeaders(limitUrl, token),
  ]);
  if (ours !== theirs) console.warn(`headers differ:\n--- getMerInfo\n${ours}\n--- limit\n${theirs}`);
  const [a, b] = await Promise.all([
    fetch(merInfoUrl, { headers: { token } }).then((r) => r.json() as Promise<{ data: unknown }>),
    fetch(limitUrl, { headers: { token } }).then((r) => r.json() as Promise<{ data: unknown }>),
  ]);
  if (JSON.stringify(a.data) !== JSON.stringify(b.data))
    console.warn(`data differ:\n${JSON.stringify(a.data)}\n${JSON.stringify(b.data)}`);

  const results = [];
  results.push(await run('bare Fastify GET', bare.pid, { url: `http://127.0.0.1:${barePort}/bare` }));
  const pair = await measurePair(
    ['limit: helmet+log+2 stmts', limit.pid, { url: limitUrl, headers: { token } }],
    ['GET merchant/getMerInfo', server.pid, { url: merInfoUrl, headers: { token } }],
  );
  results.push(...pair.rows);
  // A profile covers getMerInfo alone, so its entries are that route's.
  if (!PROFILE)
    results.push(
      await run('GET merchant/bill page 1', server.pid, {
        url: `${api}/merchant/merchant/bill?page=1&limit=20`,
        headers: { token },
      }),
    );
  if (!PROFILE)
    results.push(
      await run('POST merchant/login', server.pid, {
        url: `${api}/merchant/merchant/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: () => JSON.stringify({ account: 'demo@dropdesk.local', password: 'Demo@2026' }),
      }),
    );
  console.log(
    `\nbench:api — ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s each (limit and getMerInfo in ${ROUNDS} alternating slices), SQLite, log level info`,
  );
  console.table(results);
  const limitRps = results[1]?.['req/s'] ?? 1;
  const merInfoRps = results[2]?.['req/s'] ?? 0;
  console.log(
    `getMerInfo reaches ${Math.round((100 * merInfoRps) / limitRps)}% of the limit route (${ROUNDS} alternating slices: ${pair.ratios.join('%, ')}%).`,
  );
  console.log('login verifies an Argon2id hash (19 MiB, t=2) per request: it is meant to be slow.');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  if (PROFILE) {
    for (const name of ['server', 'limit']) {
      const dir = path.join(profileDir, name);
      // The biggest file is the main thread's (a loader thread, where there is one, writes a small one).
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
      const main = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
      if (!main) continue;
      const kept = path.join(os.tmpdir(), `dropdesk-${name}-${Date.now()}.cpuprofile`);
      fs.copyFileSync(main, kept);
      console.log(`\nCPU profile of the ${name} process: ${kept}`);
      console.log(topSelfTime(kept, 25));
      console.log(`\nby package:\n${byPackage(kept)}`);
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
