// The figures' door: how one order counts (docs/figures.md), for the orders' views and the rollups alike.
export { costOf, earningsOf, inEscrow, isCostEstimated } from './order-figures';
