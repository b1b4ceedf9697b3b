// The server as production runs it: dist/main.js, rebuilt first (esbuild, under a second) when it
// is missing or older than the server's or the contract's sources. Browser tests, the crash test
// and the API bench start this, so they exercise the build that `npm start` runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const main = path.join(serverDir, 'dist/main.js');

/** The newest modification time of any file below `dir`. */
export function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The path of dist/main.js, built if stale. */
export function builtServer() {
  const sources = [path.join(serverDir, 'src'), path.join(serverDir, '../../packages/contract/src')];
  const stale = !existsSync(main) || sources.some((dir) => newest(dir) > statSync(main).mtimeMs);
  if (stale) {
    const r = spawnSync(process.execPath, ['build.mjs'], {
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`server build failed (${r.status})`);
  }
  return main;
}
