#!/usr/bin/env node
// npm run bench:web — what a phone downloads and how Lighthouse rates the merchant app and the
// storefront.
//
// 1. Builds apps/web and apps/storefront (skip with --no-build) and reads apps/web/dist: the entry
//    (boot.ts, main.tsx and the chunks and stylesheets they import statically), gzip.
// 2. Starts the real server (apps/server) on a fresh SQLite DATA_DIR serving dist/.
// 3. Loads /login in Chromium and sums the JS and CSS it fetches (gzip of each body, and the bytes
//    actually transferred).
// 4. Runs Lighthouse (mobile preset, simulated throttling) N times (BENCH_RUNS, default 3) on
//    /login, and on the logged-in landing screen (HOME_PATH: /home, the dashboard): the session is
//    written to localStorage first (storage reset off, HTTP cache cleared before each run, so every
//    run is a cold load, with no dashboard snapshot either). Prints medians with the machine's
//    load, and writes .artifacts/bench-web.json.
// 5. The storefront: what its demo shop page (/s/<demo merchant>) loads, and Lighthouse on it.
//
// BENCH_PAGES=login,home,shop picks the pages Lighthouse audits (all three unless told).
//
// Budget: entry <= 130 KB gzip; a storefront shop page <= 100 KB; Lighthouse performance and
// accessibility >= 95.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');

// Lighthouse is the benchmarks' alone: it lives in tools/bench with its own lockfile, so CI's
// `npm ci` never installs its hundred-odd packages; installed there on first use.
const benchTools = path.join(repoRoot, 'tools/bench');
if (!existsSync(path.join(benchTools, 'node_modules/lighthouse/package.json'))) {
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: benchTools, stdio: 'inherit' });
  if (install.status !== 0) throw new Error('could not install the bench tools (tools/bench)');
}
const lighthouseDir = path.join(benchTools, 'node_modules/lighthouse');
const lighthouseMeta = JSON.parse(readFileSync(path.join(lighthouseDir, 'package.json'), 'utf8'));
const { default: lighthouse } = await import(
  pathToFileURL(path.join(lighthouseDir, lighthouseMeta.main)).href
);
const dist = path.join(webDir, 'dist');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { entryKb: 130, shopKb: 100, performance: 95, accessibility: 95 };
/**
 * The screen a merchant lands on after login: HOME_PATH in src/lib/paths.ts (`paths.home`, /home
 * since the dashboard was built), read from the source so the bench follows it.
 */
const LANDING = process.env.BENCH_LANDING ?? landingPath();
function landingPath() {
  const source = readFileSync(path.join(webDir, 'src/lib/paths.ts'), 'utf8');
  const key = /HOME_PATH[^=]*=\s*paths\.(\w+)/.exec(source)?.[1];
  const value = key && new RegExp(`\\b${key}:\\s*'([^']+)'`).exec(source)?.[1];
  if (!value) throw new Error('bench: HOME_PATH not found in src/lib/paths.ts');
  return value;
}
const DEMO = { account: 'demo@dropdesk.local', password: 'Demo@2026' };
// The headless flags of TOOLCHAIN.md (Lighthouse on this machine kind).
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
};
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// ---------------------------------------------------------------- 1. build and entry chunk
if (!process.argv.includes('--no-build')) {
  for (const dir of [webDir, path.join(webDir, '../storefront')]) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
// The app's start: the boot script index.html loads (src/boot.ts), the app it imports (main.tsx)
// with every chunk that one imports statically, and their stylesheets: what any screen needs
// before its own chunk. Read from Vite's manifest.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entrySet = new Set();
const addChunk = (key) => {
  const chunk = manifest[key];
  if (!chunk || entrySet.has(chunk.file)) return;
  entrySet.add(chunk.file);
  for (const css of chunk.css ?? []) entrySet.add(css);
  for (const dep of chunk.imports ?? []) addChunk(dep);
};
addChunk('index.html');
addChunk('src/main.tsx');
const entryFiles = [...entrySet].map((f) => `/${f}`);
const entry = entryFiles.map((f) => {
  const buf = readFileSync(path.join(dist, f));
  return { file: f, raw: buf.length, gzip: gz(buf) };
});
const entryGzip = entry.reduce((s, e) => s + e.gzip, 0);

// ---------------------------------------------------------------- 2. the real server
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dropdesk-bench-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  [fileURLToPath(import.meta.resolve('@dropdesk/test-kit/e2e/start-server.mjs'))],
  {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      E2E_SKIP_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
    },
  },
);
const stopServer = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stopServer);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 500));
}
const login = await (
  await fetch(`${base}/merchant/merchant/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
).json();
if (login.code !== 1) throw new Error(`demo login failed: ${login.msg}`);
const { token, ...merinfo } = login.data.merinfo;

// ---------------------------------------------------------------- 3. what /login downloads
const cdpPort = await freePort();
// A persistent context is Chromium's default profile, the one Lighthouse's tab opens in, so the
// session written into its localStorage is the one Lighthouse's page reads.
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'dropdesk-bench-profile-'));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: CHROME,
  args: [...FLAGS.filter((f) => f !== '--headless'), `--remote-debugging-port=${cdpPort}`],
});

async function downloads(url) {
  const page = await context.newPage();
  const seen = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      const sizes = await res.request().sizes();
      seen.push({
        url: res.url().replace(base, ''),
        type,
        raw: body.length,
        gzip: gz(body),
        sent: sizes.responseBodySize,
      });
    } catch {}
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return seen;
}
const loginAssets = await downloads(`${base}/login`);
// The storefront's demo shop (the demo merchant's, which the seed stocks with its hot products).
const shopPath = `/s/${merinfo.id}`;
const shopAssets = await downloads(`${base}${shopPath}`);
const sum = (xs, k) => xs.reduce((s, x) => s + x[k], 0);

// ---------------------------------------------------------------- 4. Lighthouse
async function setSession(on) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.evaluate(
    ([t, m, on]) => {
      // No figures kept by an earlier run (lib/snapshot.ts): every run paints Home from the API.
      for (const key of Object.keys(localStorage))
        if (key.startsWith('snapshot:')) localStorage.removeItem(key);
      if (on)
        localStorage.setItem(
          'session',
          JSON.stringify({ state: { token: t, merinfo: m, orderTotal: 0, handoffData: null }, version: 1 }),
        );
      else localStorage.removeItem('session');
    },
    [token, merinfo, on],
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

async function audit(url, loggedIn) {
  await setSession(loggedIn);
  const result = await lighthouse(
    url,
    {
      port: cdpPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keep the session written above; the cache was cleared by hand.
      disableStorageReset: loggedIn,
    },
    undefined,
  );
  const { lhr } = result;
  mkdirSync(path.join(repoRoot, '.artifacts'), { recursive: true });
  const slug = new URL(url).pathname.replace(/\W+/g, '') || 'root';
  writeFileSync(path.join(repoRoot, `.artifacts/lighthouse-${slug}.json`), JSON.stringify(lhr));
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
  if (!finalUrl.endsWith(new URL(url).pathname))
    throw new Error(`Lighthouse ended on ${finalUrl}, not ${url}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

// BENCH_PAGES=shop (or login, home, a comma list) audits only those: a faster loop while working on one.
const only = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const pages = [
  { key: 'login', name: '/login', url: `${base}/login`, loggedIn: false },
  { key: 'home', name: `${LANDING} (logged in)`, url: `${base}${LANDING}`, loggedIn: true },
  { key: 'shop', name: `${shopPath} (storefront)`, url: `${base}${shopPath}`, loggedIn: false },
].filter((p) => !only || only.includes(p.key));
const loadBefore = os.loadavg();
const lh = {};
for (const p of pages) {
  lh[p.name] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await audit(p.url, p.loggedIn);
    lh[p.name].push(r);
    console.error(
      `  lighthouse ${p.name} run ${i + 1}/${RUNS}: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} (load ${os.loadavg()[0].toFixed(2)})`,
    );
  }
}
const loadAfter = os.loadavg();
await context.close();
rmSync(profileDir, { recursive: true, force: true });

// ---------------------------------------------------------------- report
const medians = Object.fromEntries(
  Object.entries(lh).map(([name, runs]) => [
    name,
    Object.fromEntries(
      ['performance', 'accessibility', 'bestPractices', 'fcpMs', 'lcpMs', 'tbtMs'].map((k) => [
        k,
        median(runs.map((r) => r[k])),
      ]),
    ),
  ]),
);
const report = {
  at: new Date().toISOString(),
  conditions: {
    cpus: os.cpus().length,
    loadavg1mBefore: Math.round(loadBefore[0] * 100) / 100,
    loadavg1mAfter: Math.round(loadAfter[0] * 100) / 100,
    node: process.version,
    chromium: spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim(),
    lighthouse: lighthouseMeta.version,
    runs: RUNS,
    preset: 'mobile (Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)',
  },
  entry: { files: entry, gzipKb: kb(entryGzip) },
  login: {
    assets: loginAssets,
    jsGzipKb: kb(
      sum(
        loginAssets.filter((a) => a.type === 'script'),
        'gzip',
      ),
    ),
    cssGzipKb: kb(
      sum(
        loginAssets.filter((a) => a.type === 'stylesheet'),
        'gzip',
      ),
    ),
    transferredKb: kb(sum(loginAssets, 'sent')),
  },
  shop: {
    assets: shopAssets,
    jsCssGzipKb: kb(sum(shopAssets, 'gzip')),
    transferredKb: kb(sum(shopAssets, 'sent')),
  },
  lighthouse: { runs: lh, medians },
};
mkdirSync(path.join(repoRoot, '.artifacts'), { recursive: true });
writeFileSync(path.join(repoRoot, '.artifacts/bench-web.json'), `${JSON.stringify(report, null, 2)}\n`);

const ok = (good) => (good ? 'ok' : 'OVER BUDGET');
console.log(
  `\nDropdesk web bench (${report.at}; ${report.conditions.cpus} cores, load ${report.conditions.loadavg1mBefore} -> ${report.conditions.loadavg1mAfter}; ${report.conditions.chromium})`,
);
console.log(
  `entry (boot + app start, JS+CSS), gzip: ${report.entry.gzipKb} KB  [budget ${BUDGET.entryKb}: ${ok(report.entry.gzipKb <= BUDGET.entryKb)}]`,
);
for (const e of entry) console.log(`    ${e.file}  ${kb(e.raw)} KB raw, ${kb(e.gzip)} KB gzip`);
console.log(
  `/login loads: JS ${report.login.jsGzipKb} KB + CSS ${report.login.cssGzipKb} KB gzip in ${loginAssets.length} files (${report.login.transferredKb} KB sent by the server)`,
);
console.log(
  `storefront shop page (${shopPath}) loads: JS+CSS ${report.shop.jsCssGzipKb} KB gzip in ${shopAssets.length} files (${report.shop.transferredKb} KB sent)  [budget ${BUDGET.shopKb}: ${ok(report.shop.jsCssGzipKb <= BUDGET.shopKb)}]`,
);
console.log(`Lighthouse mobile, median of ${RUNS}:`);
for (const [name, m] of Object.entries(medians)) {
  console.log(
    `  ${name.padEnd(20)} performance ${m.performance} [${ok(m.performance >= BUDGET.performance)}]  accessibility ${m.accessibility} [${ok(m.accessibility >= BUDGET.accessibility)}]  best practices ${m.bestPractices}  (FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms)`,
  );
}
console.log('details: .artifacts/bench-web.json');
stopServer();
process.exit(0);
