import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROME_ARGS, chromePath } from './src/e2e/chrome';
import { runPlace, webServer } from './src/e2e/web-server';

/**
 * Browser tests, in one run on one server: the merchant app's (apps/web/e2e, Debian's Chromium at
 * 390×844) and the operator console's (apps/admin/e2e, at 1440×900), against the BUILT apps served
 * by the REAL server (apps/server) on a fresh SQLite DATA_DIR. One run boots, seeds and enrols the
 * demo admin's second factor once for both, and writes one report (PW_JSON). It lives in the test
 * kit, which both apps use, so neither app reaches into the other: `npm run test:e2e --workspace
 * apps/web` runs every project, `npm run test:e2e --workspace apps/admin` the console's alone.
 *
 * Three projects, one after the other (each depends on the one before, so a failure skips those
 * after it): `chromium-mobile`, the merchant app's specs on four workers (each spec registers its own
 * merchants); `console`, on one; `chromium-mobile-alone`, on one, the specs that move the server's
 * clock or switch the platform's top-up methods (`ALONE`). The port and data folder are chosen once
 * for the run (src/e2e/web-server.ts `runPlace`). Specs reach the server through
 * `@dropdesk/test-kit/e2e/server` (baseURL, API helpers, operator login, one at a time).
 */
const kitDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(kitDir, '../..');
const webDir = path.join(repoDir, 'apps/web');
const consoleDir = path.join(repoDir, 'apps/admin');
const { port, baseURL } = runPlace();

/**
 * The merchant app's specs that change what every other spec sees: the server's clock (an order
 * settles, a session expires) or the platform's top-up methods. They run alone, after the rest.
 */
const ALONE = [
  '**/figures.spec.ts',
  '**/orders.spec.ts',
  '**/wallet-topup-methods.spec.ts',
  '**/wallet-chain.spec.ts',
  '**/wallet-payout-clock.spec.ts',
  '**/wallet-topup-currency.spec.ts',
];

export default defineConfig({
  // The projects' specs are under apps/: the report names them from there (web/e2e/…, admin/e2e/…).
  testDir: path.join(repoDir, 'apps'),
  outputDir: path.join(webDir, 'test-results'),
  globalTeardown: './src/e2e/teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Four on two cores: a spec waits far more than it computes (the server, animations, the app's
  // timers): with two, the run used a third of the CPU (docs/testing.md "The browser tests' projects").
  workers: Number(process.env.PW_WORKERS ?? 4),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ...(process.env.PW_JSON ? [['json', { outputFile: process.env.PW_JSON }] as const] : []),
  ],
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    // The phone's width and touch, drawn at one device pixel per CSS pixel like the visual looks:
    // twice the pixels cost CPU and tested nothing more.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    screenshot: 'only-on-failure',
    // A trace when a test is run again after a failure (CI retries once): recording one for every
    // test cost a quarter of the run's time.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromePath(),
      args: CHROME_ARGS,
    },
  },
  projects: [
    // The merchant app's specs, four at a time: each registers merchants of its own.
    {
      name: 'chromium-mobile',
      testDir: path.join(webDir, 'e2e'),
      testIgnore: ALONE,
      use: { browserName: 'chromium' },
    },
    // The console's, one at a time after them: its operators sign in through the screens at the
    // server's time, and its specs change what every merchant sees (the catalogue, the queues).
    {
      name: 'console',
      testDir: path.join(consoleDir, 'e2e'),
      outputDir: path.join(consoleDir, 'test-results'),
      dependencies: ['chromium-mobile'],
      workers: 1,
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
    // Last, alone: the specs that move the server's clock or switch the platform's top-up methods,
    // which every other spec would feel.
    {
      name: 'chromium-mobile-alone',
      testDir: path.join(webDir, 'e2e'),
      testMatch: ALONE,
      dependencies: ['console'],
      workers: 1,
      use: { browserName: 'chromium' },
    },
  ],
  webServer: webServer({ port, publicUrl: baseURL, timeout: 240_000 }),
});
