// The webServer of the browser tests (packages/test-kit/playwright.config.ts, and the visual run's
// apps/web/playwright.visual.config.ts; the bench scripts start it too): builds the merchant app
// (apps/web), the storefront (apps/storefront, served under /s/) and the operator console
// (apps/admin, under /console/) when their dist is missing or older than their sources, then runs
// the real server (apps/server) in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webDir = path.join(repoDir, 'apps/web');
const storefrontDir = path.join(repoDir, 'apps/storefront');
const consoleDir = path.join(repoDir, 'apps/admin');
const serverDir = path.join(repoDir, 'apps/server');
// The production build of the server (apps/server/built.mjs rebuilds it when stale), and its
// newest-file helper, used here for the apps' builds too.
const { builtServer, newest } = await import(path.join(serverDir, 'built.mjs'));

/** What every app bundles from elsewhere: the contract (and the vite plugin both builds use). */
const shared = [
  path.join(repoDir, 'packages/contract/src'),
  path.join(repoDir, 'tools/vite-precompress.ts'),
  path.join(repoDir, 'tools/vite-keep-stylesheets.ts'),
];

/** `npm run build` in `dir` when its dist/index.html is missing or older than any of `sources`. */
function buildIfStale(name, dir, sources) {
  const built = path.join(dir, 'dist/index.html');
  const stale =
    !existsSync(built) ||
    sources.some(
      (p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs) > statSync(built).mtimeMs,
    );
  if (!stale || process.env.E2E_SKIP_BUILD === '1') return;
  console.error(`[e2e] building ${name} (dist missing or stale)`);
  const r = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const own = (dir) => ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(dir, p));

// The merchant app also bundles the server's message catalogues (it shows refusals in the server's
// words). The storefront gets the server's messages in each answer and bundles none.
buildIfStale('apps/web', webDir, [
  ...own(webDir),
  ...shared,
  path.join(repoDir, 'packages/contract/messages'),
]);
buildIfStale('apps/storefront', storefrontDir, [...own(storefrontDir), ...shared]);
// The console bundles the server's messages too (its forms say what the server would).
buildIfStale('apps/admin', consoleDir, [
  ...own(consoleDir),
  ...shared,
  path.join(repoDir, 'packages/contract/messages'),
]);

const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
  cwd: serverDir,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
