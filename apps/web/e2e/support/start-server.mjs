// The webServer of playwright.config.ts: builds the web app when dist is missing or older than
// its sources, then runs the real server (apps/server) in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.resolve(webDir, '../server');
const built = path.join(webDir, 'dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(webDir, p));
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

// The production build of the server (apps/server/built.mjs rebuilds it when stale).
const { builtServer } = await import(path.join(serverDir, 'built.mjs'));
const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
  cwd: serverDir,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
