// Stryker on the settlement, express lane and alliance money with their own tests only
// (stryker/vitest.lanes.config.ts); see docs/mutation.md. For example:
//   STRYKER_CONCURRENCY=1 npx stryker run stryker/lanes.config.mjs --mutate apps/server/src/modules/orders/order-jobs.ts
import base from '../stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { ...base.vitest, configFile: 'stryker/vitest.lanes.config.ts' },
};
