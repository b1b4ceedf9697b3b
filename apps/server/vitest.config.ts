import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI sets VITEST_JSON_DIR to collect a JSON report per run for its closing summary line.
const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates one template database per run; each test app starts on a copy (test/app.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Three on two cores: a test waits on its database as much as it computes. Measured 2026-11-29:
    // PostgreSQL 94 s on two, 82 on three; SQLite 47 s and 40.
    maxWorkers: 3,
    // Each worker imports the app once for all its files (docs/testing.md): importing it was most
    // of a file's time, and no test file leaves state in a module that the next one would see.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    ...(jsonDir ? { outputFile: { json: path.join(jsonDir, 'server.json') } } : {}),
  },
});
