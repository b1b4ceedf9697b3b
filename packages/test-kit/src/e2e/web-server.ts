import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_SECRET } from './secret';

const kitDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoDir = path.resolve(kitDir, '../..');

/**
 * The port and data folder of a browser run, chosen once in the runner process and handed to the
 * workers through the environment (workers load the config again and inherit process.env), so every
 * process agrees on them and two engineers can run a suite at the same time.
 */
export function runPlace(): { port: number; baseURL: string } {
  process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dropdesk-e2e-'));
  process.env.PWTEST_CACHE_DIR ??= path.join(repoDir, '.artifacts/pw-cache');
  const port = Number(process.env.E2E_PORT);
  return { port, baseURL: `http://127.0.0.1:${port}` };
}

/**
 * Playwright's `webServer` for a browser run: the REAL server (apps/server) serving the BUILT apps
 * on a fresh SQLite data folder, with the demo seed, rate limits lifted (every test registers its
 * own merchant from one address), the tests' secret (they sign third-party handoffs) and a clock
 * the tests can move (POST /__test/clock), and the chain watcher every second. `env` adds or overrides what one suite needs.
 */
export function webServer({
  port,
  publicUrl,
  timeout,
  env = {},
}: {
  port: number;
  /** The address links in mail and QR codes name. */
  publicUrl: string;
  timeout: number;
  env?: Record<string, string>;
}) {
  return {
    command: 'node src/e2e/start-server.mjs',
    cwd: kitDir,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR as string,
      WEB_DIST: path.join(repoDir, 'apps/web/dist'),
      CONSOLE_DIST: path.join(repoDir, 'apps/admin/dist'),
      SEED_DEMO: 'true',
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: publicUrl,
      SECRET: E2E_SECRET,
      TEST_CLOCK: '1',
      // The chain watcher reads every second (wallet-chain.spec.ts sends transfers to a local node);
      // with no network set, a run reads one table row.
      CHAIN_WATCH_SECONDS: '1',
      ...env,
    },
  };
}
