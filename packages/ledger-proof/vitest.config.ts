import path from 'node:path';
import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    ...(jsonDir ? { outputFile: { json: path.join(jsonDir, 'ledger-proof.json') } } : {}),
  },
});
