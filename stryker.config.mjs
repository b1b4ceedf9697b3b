// npm run test:mutation — StrykerJS on the money core (issues 8 and 20). Stryker 9.6 (10.x needs Node 22);
// inPlace because Stryker's TypeScript step fails on TypeScript 7. It takes the machine for about
// half an hour: run it outside CI, on a copy of the tree if you keep working (see docs/testing.md).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // related: false — the server tests reach the money core through HTTP, not by importing it.
  vitest: { configFile: 'stryker/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'apps/server/src/modules/ledger/ledger.ts',
    'apps/server/src/modules/ledger/ledger.check.ts',
    // their statements (the guarded debit's `balance >= x`, the checks' conditions)
    'apps/server/src/modules/ledger/ledger.repository.ts',
    'packages/contract/src/money.ts',
    'packages/contract/src/money-fields.ts',
    'apps/server/src/modules/wallet/withdrawal.service.ts',
    'apps/server/src/modules/wallet/recharge.service.ts',
    // issue 20: the order money, refunds, settlement, express lane and alliance money
    'apps/server/src/modules/orders/order-money.ts',
    'apps/server/src/modules/figures/order-figures.ts',
    'apps/server/src/modules/orders/refunds.service.ts',
    'apps/server/src/modules/orders/order-jobs.ts',
    'apps/server/src/modules/express/express.service.ts',
    'apps/server/src/modules/alliance/alliance.service.ts',
  ],
  inPlace: true,
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: '.artifacts/mutation/report.json' },
  htmlReporter: { fileName: '.artifacts/mutation/report.html' },
  tempDirName: '.artifacts/stryker-tmp',
  thresholds: { high: 90, low: 80, break: null },
};
