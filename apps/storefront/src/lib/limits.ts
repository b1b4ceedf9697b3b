/**
 * Business numbers the storefront's hints need. The contract's store.ts defines them, but importing
 * its runtime would bring zod into the bundle: copied here, and src/lib/limits.test.ts checks the
 * copies against the contract (the test may import zod; the bundle never does).
 */

/** store.ts MAX_ORDER_QUANTITY: most units of one product in one order. */
export const MAX_ORDER_QUANTITY = 99;
/** store.ts RATING_MIN and RATING_MAX: the stars a buyer gives an order. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
