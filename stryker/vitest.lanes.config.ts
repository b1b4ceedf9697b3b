import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The narrower test set for mutating the settlement, express-lane and alliance money (issue 20):
// the tests of those three modules only, so a run takes minutes instead of the whole money suite.
// A mutant only these tests miss may still die under stryker/vitest.config.ts: figures measured with
// this set are a lower bound of `npm run test:mutation`'s. Use it through stryker/lanes.config.mjs.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: [
      'apps/server/src/modules/orders/order-jobs.test.ts',
      'apps/server/src/modules/orders/settlement.test.ts',
      'apps/server/src/modules/express/*.test.ts',
      'apps/server/src/modules/alliance/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
