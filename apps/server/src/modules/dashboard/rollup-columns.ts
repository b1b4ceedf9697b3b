// The rollups' column lists, shared by the writers (shop-stats.ts), their queries
// (shop-stats.repository.ts), the check (stats.check.ts) and the list sums (dashboard.repository.ts).

/**
 * The orders basis's columns, in the slots and the totals alike: the sold orders (`orders`), the
 * paid ones (`paid`), the figures of every paid order, and (`unsold_*`, migration 018) the part of
 * them that is the orders refunded in full, so the list of the sold orders answers its sums from
 * the rollups too (their sales are always 0: refunded = total).
 */
export const ORDER_DELTA_COLUMNS = [
  'orders',
  'paid',
  'sales',
  'refunded',
  'cost',
  'cost_estimated',
  'profit',
  'in_escrow',
  'unsold_refunded',
  'unsold_cost',
  'unsold_cost_estimated',
  'unsold_profit',
  'unsold_in_escrow',
] as const;
/** What one event adds to the orders basis's columns. */
export type OrdersDelta = Record<(typeof ORDER_DELTA_COLUMNS)[number], number>;
/** What one event adds to a paid slot (shop_stat_slots). */
export interface SlotDelta extends OrdersDelta {
  visitors: number;
}
/** What one event adds to a shop's totals (shop_stats). */
export interface TotalsDelta extends OrdersDelta {
  followers: number;
  rating_sum: number;
  rating_count: number;
}
