import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_SECRET } from './src/e2e/secret';

/**
 * Browser tests, in one run on one server: the merchant app's (apps/web/e2e, project
 * `chromium-mobile`, Debian's Chromium at 390×844) and then the operator console's (apps/admin/e2e,
 * project `console`, at 1440×900), against the BUILT apps served by the REAL server (apps/server) on
 * a fresh SQLite DATA_DIR. One run boots, seeds and enrols the demo admin's second factor once for
 * both (two runs did each twice), and writes one report (PW_JSON). It lives in the test kit, which
 * both apps use, so neither app reaches into the other: `npm run test:e2e --workspace apps/web` runs
 * both projects, `npm run test:e2e --workspace apps/admin` the console's alone. The projects run one
 * after the other on one worker: the specs share the server and its clock, which some of them move.
 *
 * The port and the data folder are chosen once, in the runner process, and handed to the workers
 * through the environment (workers load this file again and inherit process.env), so every
 * process agrees on them and two engineers can run the suite at the same time.
 * Specs reach the server through `@dropdesk/test-kit/e2e/server` (baseURL, API helpers, operator
 * login).
 */
const kitDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(kitDir, '../..');
const webDir = path.join(repoDir, 'apps/web');
const consoleDir = path.join(repoDir, 'apps/admin');
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dropdesk-e2e-'));
process.env.PWTEST_CACHE_DIR ??= path.join(repoDir, '.artifacts/pw-cache');
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  // The projects' specs are under apps/: the report names them from there (web/e2e/…, admin/e2e/…).
  testDir: path.join(repoDir, 'apps'),
  outputDir: path.join(webDir, 'test-results'),
  globalTeardown: './src/e2e/teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ...(process.env.PW_JSON ? [['json', { outputFile: process.env.PW_JSON }] as const] : []),
  ],
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'chromium-mobile', testDir: path.join(webDir, 'e2e'), use: { browserName: 'chromium' } },
    {
      name: 'console',
      testDir: path.join(consoleDir, 'e2e'),
      outputDir: path.join(consoleDir, 'test-results'),
      timeout: 120_000,
      expect: { timeout: 15_000 },
      use: {
        browserName: 'chromium',
        viewport: { width: 1440, height: 900 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        locale: 'en-US',
      },
    },
  ],
  webServer: {
    command: 'node src/e2e/start-server.mjs',
    cwd: kitDir,
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: path.join(webDir, 'dist'),
      CONSOLE_DIST: path.join(consoleDir, 'dist'),
      SEED_DEMO: 'true',
      // Every test registers its own merchant from one address: lift the per-client rate limits.
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Known to the tests so they can sign third-party handoffs (src/e2e/server.ts).
      SECRET: E2E_SECRET,
      // The server's clock can be moved (POST /__test/clock) so an order settles in the test.
      TEST_CLOCK: '1',
    },
  },
});
