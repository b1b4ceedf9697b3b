#!/usr/bin/env node
// npm run bench:console-web — what the operator console costs a browser, gzip, like bench:web
// does for the merchant app's /login.
//
// 1. Builds apps/admin (skip with --no-build).
// 2. Starts the real server (apps/server) on a fresh SQLite DATA_DIR serving the console's dist.
// 3. Loads /console/login in Chromium (no session) and sums the JS and CSS it fetches: gzip of each
//    body (level 9) and the bytes the server actually sent (its precompressed .br/.gz).
// 4. Signs the demo admin in through the API (password, enrolment, TOTP code), writes the session
//    the console keeps (localStorage `console-session`), loads /console/ (the overview) cold and sums
//    what it fetches.
// Budget: the first screen (sign-in) ≤ 250 KB JS+CSS gzip.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const adminDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The browser tests' server start (the test kit's): builds what is stale, then runs the real server. */
const startServer = fileURLToPath(import.meta.resolve('@dropdesk/test-kit/e2e/start-server.mjs'));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 250;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: adminDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dropdesk-bench-console-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [startServer], {
  cwd: adminDir,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    E2E_SKIP_BUILD: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CONSOLE_DIST: path.join(adminDir, 'dist'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const post = async (p, body) =>
  (
    await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify(body),
    })
  ).json();
const step1 = await post('/admin/login', { username: 'admin', password: 'Admin@2026' });
if (step1.code !== 1 || step1.data.step !== 'enroll')
  throw new Error(`demo admin login: ${JSON.stringify(step1)}`);
const code = new TOTP({
  secret: Secret.fromBase32(step1.data.secret),
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
}).generate();
const step2 = await post('/admin/login/totp', { ticket: step1.data.ticket, code });
if (step2.code !== 1) throw new Error(`demo admin code: ${JSON.stringify(step2)}`);

const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
async function downloads(url, session) {
  const context = await browser.newContext();
  if (session)
    await context.addInitScript((s) => localStorage.setItem('console-session', s), JSON.stringify(session));
  await context.addInitScript(() => localStorage.setItem('console-lang', 'en'));
  const page = await context.newPage();
  const seen = [];
  // Every response's body is read before the page closes (a read still pending would be lost).
  const reads = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    reads.push(
      (async () => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        seen.push({ url: res.url().replace(base, ''), type, gzip: gz(body), sent: sizes.responseBodySize });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await Promise.all(reads);
  await context.close();
  return seen;
}
const sum = (xs, type) => xs.filter((x) => !type || x.type === type).reduce((s, x) => s + x.gzip, 0);
const login = await downloads(`${base}/console/login`);
const session = {
  token: step2.data.token,
  operator: step2.data.operator,
  idleMinutes: step2.data.idle_minutes,
  lastRequestAt: Date.now(),
};
const overview = await downloads(`${base}/console/`, session);
await browser.close();

const report = (name, xs) =>
  `${name}: JS ${kb(sum(xs, 'script'))} KB + CSS ${kb(sum(xs, 'stylesheet'))} KB gzip = ${kb(sum(xs))} KB in ${xs.length} files (${kb(xs.reduce((s, x) => s + x.sent, 0))} KB sent by the server, brotli)`;
const loginKb = kb(sum(login));
console.log(`load ${os.loadavg()[0].toFixed(2)}`);
console.log(
  `${report('/console/login (first screen)', login)}  [budget ${BUDGET_KB}: ${loginKb <= BUDGET_KB ? 'ok' : 'OVER'}]`,
);
console.log(report('/console/ (overview, signed in, cold)', overview));
if (process.argv.includes('--files'))
  for (const x of [...login, ...overview]) console.log(`  ${x.url} ${kb(x.gzip)} KB`);
stop();
process.exit(loginKb <= BUDGET_KB ? 0 : 1);
