import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests that exercise the money core, for mutation testing (npm run test:mutation): the
// contract's money rules and the server's ledger, wallet, report, order, store, express lane,
// alliance and payment tests, on SQLite.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: [
      'packages/contract/src/money*.test.ts',
      'apps/server/src/modules/ledger/*.test.ts',
      'apps/server/src/modules/wallet/*.test.ts',
      'apps/server/src/modules/reports/*.test.ts',
      'apps/server/src/modules/orders/*.test.ts',
      'apps/server/src/modules/store/*.test.ts',
      'apps/server/src/modules/express/*.test.ts',
      'apps/server/src/modules/alliance/*.test.ts',
      'apps/server/src/modules/payments/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
