import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * npm run bench:api — login and getMerInfo throughput and p99 against the real server (SQLite,
 * production hashing cost), beside a bare Fastify route in the same run. The server and the load
 * generator share this machine's 2 cores, so the figures are a floor, not a ceiling.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not up: ${url}`);
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function row(name: string, r: autocannon.Result) {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  return {
    route: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    requests: r.requests.total,
    errors,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-bench-'));
const apiPort = 18_080;
const barePort = 18_081;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Login is rate limited per client by design; the bench measures the work behind the limit.
    RATE_LIMIT_SCALE: '1000000',
    WEB_DIST: path.join(dataDir, 'none'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const bare = fork(path.join(here, 'bare.ts'), [], {
  env: { ...process.env, PORT: String(barePort) },
  execArgv: ['--import', 'tsx'],
  stdio: 'inherit',
});

try {
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`, server);
  await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
  const login = await fetch(`http://127.0.0.1:${apiPort}/merchant/merchant/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@dropdesk.local', password: 'Demo@2026' }),
  }).then((r) => r.json() as Promise<{ data: { merinfo: { token: string } } }>);
  const token = login.data.merinfo.token;

  const common = { connections: CONNECTIONS, duration: DURATION };
  const results = [];
  results.push(row('bare Fastify GET', await run({ ...common, url: `http://127.0.0.1:${barePort}/bare` })));
  results.push(
    row(
      'GET merchant/getMerInfo',
      await run({
        ...common,
        url: `http://127.0.0.1:${apiPort}/merchant/merchant/getMerInfo`,
        headers: { token },
      }),
    ),
  );
  results.push(
    row(
      'POST merchant/login',
      await run({
        ...common,
        url: `http://127.0.0.1:${apiPort}/merchant/merchant/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo@dropdesk.local', password: 'Demo@2026' }),
      }),
    ),
  );
  console.log(
    `\nbench:api — ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s each, SQLite`,
  );
  console.table(results);
  console.log('login verifies an Argon2id hash (19 MiB, t=2) per request: it is meant to be slow.');
} finally {
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
