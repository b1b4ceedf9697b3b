import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * The console's browser tests: the BUILT console (apps/admin/dist, under /console/) served by the
 * REAL server on a fresh SQLite DATA_DIR, in Debian's Chromium at a desktop size. The server is
 * started by apps/web's e2e/support/start-server.mjs (it builds whatever dist is stale, the
 * console's included), and specs reach it through apps/web's e2e/support helpers, imported.
 */
const adminDir = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.join(adminDir, '../web');
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dropdesk-e2e-'));
process.env.PWTEST_CACHE_DIR ??= path.join(adminDir, '../../.artifacts/pw-cache');
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const E2E_SECRET = 'e2e-only-secret-0123456789abcdef0123456789';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalTeardown: '../web/e2e/support/teardown.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    // CI's PW_JSON names apps/web's report; the console's goes beside it (its summary reads both).
    ...(process.env.PW_JSON
      ? [['json', { outputFile: process.env.PW_JSON.replace(/(\.json)?$/, '-console.json') }] as const]
      : []),
  ],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'Asia/Ho_Chi_Minh',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium-desktop', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: webDir,
    url: `${baseURL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: path.join(webDir, 'dist'),
      CONSOLE_DIST: path.join(adminDir, 'dist'),
      SEED_DEMO: 'true',
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      SECRET: E2E_SECRET,
      TEST_CLOCK: '1',
    },
  },
});
