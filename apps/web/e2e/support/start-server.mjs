// The webServer of playwright.config.ts: builds the web app when dist is missing or older than
// its sources, then runs the real server (apps/server) in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.resolve(webDir, '../server');
const built = path.join(webDir, 'dist/index.html');
// The production build of the server (apps/server/built.mjs rebuilds it when stale), and its
// newest-file helper, used here for the web build too.
const { builtServer, newest } = await import(path.join(serverDir, 'built.mjs'));

// The app's own sources, and what it bundles from elsewhere: the contract and the server's message
// catalogues (the app shows refusals in the server's words).
const sources = [
  ...['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(webDir, p)),
  path.join(webDir, '../../packages/contract/src'),
  path.join(webDir, '../../packages/contract/messages'),
];
const stale =
  !existsSync(built) ||
  sources.some(
    (p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs) > statSync(built).mtimeMs,
  );
if (stale && process.env.E2E_SKIP_BUILD !== '1') {
  console.error('[e2e] building apps/web (dist missing or stale)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
  cwd: serverDir,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
