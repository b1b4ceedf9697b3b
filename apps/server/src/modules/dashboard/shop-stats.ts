import { LATE_PICKUP_HOURS } from '@dropdesk/contract/dashboard';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { costOf, earningsOf, inEscrow, isCostEstimated } from '../figures';
import { ORDER_DELTA_COLUMNS, type OrdersDelta, type SlotDelta, type TotalsDelta } from './rollup-columns';
import { addCredit, addSlot, addTotals, addVisitDay } from './shop-stats.repository';

/**
 * The dashboard's per-shop rollups (migration 008, docs/dashboard.md "Rollups"), written in the
 * transaction of the event they count, so every read of the Home figures sums a few rows and never
 * scans orders or visits:
 *
 * - an order: `orderChanged(before, after)` from orders/transitions.ts, the one door of every change
 *   of an order's figures (payment, pickup, refund, cancellation, settlement...): what the row
 *   contributed before and after, and the difference applied to its paid slot, the shop's totals
 *   and the credit slots;
 * - a visit counted, a follow or unfollow, a rating (modules/store), a refund lost on appeal
 *   (refunds.service.ts `arbitrate`): each adds its one to the rows it belongs to.
 *
 * `ops stats:check` recomputes all of them from the events (stats.check.ts) and prints any
 * difference; `ops stats:rebuild` refills them.
 */

/** One slot: 15 minutes of UTC. Every time zone's offset is a whole number of them. */
export const SLOT_MS = 15 * 60_000;
export const slotOf = (ms: number): number => Math.floor(ms / SLOT_MS);
/** Picked up more than this long after payment: late (contract LATE_PICKUP_HOURS). */
export const LATE_PICKUP_MS = LATE_PICKUP_HOURS * 3_600_000;

/** The columns of an order its figures are made of; a change of any other column changes none. */
export const FIGURE_COLUMNS = [
  'merchant_id',
  'status',
  'paid_at',
  'picked_at',
  'total',
  'refunded',
  'cost_total',
  'cost_paid',
  'cost_returned',
  'settled_amount',
  'rating_stars',
] as const satisfies readonly (keyof OrderRow)[];
export type FigureRow = Pick<OrderRow, (typeof FIGURE_COLUMNS)[number]>;
const FIGURE_SET = new Set<string>(FIGURE_COLUMNS.filter((c) => c !== 'status'));

/**
 * What one paid order adds to the figures of the slot it was paid in and to the shop's totals (the
 * orders basis, docs/figures.md): whether it counts as sold, its sales (total − refunded), what was
 * refunded to its buyer, the cost it carries and the part of it that is an estimate (not picked up
 * yet), and its profit (its earnings: sales − cost, for every paid order, refunded in full or
 * cancelled too).
 */
export interface PaidFigures {
  slot: number;
  /** 1 when counted as sold (paid, not refunded in full), else 0. */
  sold: number;
  sales: number;
  refunded: number;
  cost: number;
  costEstimated: number;
  profit: number;
  /** What escrow still holds for it. */
  inEscrow: number;
}

/** What one order adds to its shop's figures. */
export interface OrderFigures {
  /** A paid order's figures, at the slot it was paid; null while unpaid. */
  paid: PaidFigures | null;
  /** Picked up late: the slot of the pickup. */
  lateSlot: number | null;
  stars: number | null;
}

/** Counted as sold: paid, and not refunded in full (contract/dashboard.ts). */
export function isSold(o: Pick<OrderRow, 'paid_at' | 'refunded' | 'total'>): boolean {
  return o.paid_at !== null && o.refunded < o.total;
}

/** Picked up more than LATE_PICKUP_HOURS after it was paid. */
export function isLatePickup(o: Pick<OrderRow, 'paid_at' | 'picked_at'>): boolean {
  return o.paid_at !== null && o.picked_at !== null && o.picked_at - o.paid_at > LATE_PICKUP_MS;
}

export function figuresOf(o: FigureRow): OrderFigures {
  return {
    // Sales: what the buyer paid less refunds; profit: the order's earnings, as the order list shows.
    paid:
      o.paid_at === null
        ? null
        : {
            slot: slotOf(o.paid_at),
            sold: isSold(o) ? 1 : 0,
            sales: o.total - o.refunded,
            refunded: o.refunded,
            cost: costOf(o),
            costEstimated: isCostEstimated(o) ? o.cost_total : 0,
            profit: earningsOf(o),
            inEscrow: inEscrow(o),
          },
    lateSlot: isLatePickup(o) && o.picked_at !== null ? slotOf(o.picked_at) : null,
    stars: o.rating_stars,
  };
}

/**
 * Whether a change sets a column the figures read (FIGURE_COLUMNS but the status): then what the
 * order contributed before must be read from its row before the change. Of the status the figures
 * read only whether it is −1 (a cancelled order earns nothing), so a step that changes nothing else
 * knows the before side without reading it. Steps that do neither (shipping, a refund opened or
 * closed) leave the rollups alone.
 */
export function setsFigureColumns(set: object | undefined): boolean {
  return set !== undefined && Object.keys(set).some(isFigureColumn);
}

/** One of FIGURE_COLUMNS but the status. */
export function isFigureColumn(column: string): boolean {
  return FIGURE_SET.has(column);
}

const noOrders = (): OrdersDelta => Object.fromEntries(ORDER_DELTA_COLUMNS.map((c) => [c, 0])) as OrdersDelta;
const noTotals = (): TotalsDelta => ({ ...noOrders(), followers: 0, rating_sum: 0, rating_count: 0 });
const isZero = (d: object) => Object.values(d).every((v) => v === 0);

/** What one paid order adds to the orders basis's columns. */
function deltaOf(paid: PaidFigures): OrdersDelta {
  const unsold = (x: number) => (paid.sold ? 0 : x);
  return {
    orders: paid.sold,
    paid: 1,
    sales: paid.sales,
    refunded: paid.refunded,
    cost: paid.cost,
    cost_estimated: paid.costEstimated,
    profit: paid.profit,
    in_escrow: paid.inEscrow,
    unsold_refunded: unsold(paid.refunded),
    unsold_cost: unsold(paid.cost),
    unsold_cost_estimated: unsold(paid.costEstimated),
    unsold_profit: unsold(paid.profit),
    unsold_in_escrow: unsold(paid.inEscrow),
  };
}

/** The rollups' writers; each runs inside the transaction of its event. */
export const shopStats = {
  /**
   * An order row changed from `before` to `after` (both read in the same transaction, the row
   * locked): what it contributed before is taken away and what it contributes now added, in its
   * paid slot, the shop's totals (the orders basis, what escrow holds, rating) and the credit slots
   * (a late pickup). Nothing is written when nothing it contributes changed.
   *
   * Lock order: every transaction takes a shop's rollup rows in the order credit slot, paid slot,
   * totals, and before any ledger account (an order's first change in a transaction comes before
   * its journals; a refund lost on appeal is counted before the refund is paid), so two transactions
   * of one shop wait for each other, never deadlock (PostgreSQL; SQLite has one writer).
   */
  async orderChanged(tx: Db, before: FigureRow, after: FigureRow): Promise<void> {
    if (!tx.isTransaction) throw new Error('shopStats.orderChanged() needs a transaction');
    if (before.merchant_id !== after.merchant_id) throw new Error('an order never changes shop');
    const merchantId = after.merchant_id;
    const was = figuresOf(before);
    const now = figuresOf(after);

    const slots = new Map<number, SlotDelta>();
    const totals = noTotals();
    const add = (paid: PaidFigures | null, sign: 1 | -1) => {
      if (!paid) return;
      const d = slots.get(paid.slot) ?? { ...noOrders(), visitors: 0 };
      const of = deltaOf(paid);
      for (const column of ORDER_DELTA_COLUMNS) {
        d[column] += sign * of[column];
        totals[column] += sign * of[column];
      }
      slots.set(paid.slot, d);
    };
    add(was.paid, -1);
    add(now.paid, 1);

    if (was.lateSlot !== now.lateSlot) {
      if (was.lateSlot !== null)
        await addCredit(tx, merchantId, was.lateSlot, { late_pickups: -1, refunds_lost: 0 });
      if (now.lateSlot !== null)
        await addCredit(tx, merchantId, now.lateSlot, { late_pickups: 1, refunds_lost: 0 });
    }
    for (const [slot, d] of [...slots].sort(([a], [b]) => a - b))
      if (!isZero(d)) await addSlot(tx, merchantId, slot, d);

    totals.rating_sum = (now.stars ?? 0) - (was.stars ?? 0);
    totals.rating_count = (now.stars === null ? 0 : 1) - (was.stars === null ? 0 : 1);
    if (!isZero(totals)) await addTotals(tx, merchantId, totals);
  },

  /** A visit counted (a new `shop_visits` row): its day's visitors, and its slot's for today's curve. */
  async visitCounted(tx: Db, visit: { merchantId: number; day: string; at: number }): Promise<void> {
    await addSlot(tx, visit.merchantId, slotOf(visit.at), { ...noOrders(), visitors: 1 });
    await addVisitDay(tx, visit.merchantId, visit.day);
  },

  /** A follow (+1) or unfollow (−1) that changed a `shop_follows` row. */
  followersChanged(tx: Db, merchantId: number, delta: 1 | -1): Promise<void> {
    return addTotals(tx, merchantId, { ...noTotals(), followers: delta });
  },

  /** A refund the merchant rejected and an operator then granted the buyer: one lost, at `at`. */
  refundLost(tx: Db, merchantId: number, at: number): Promise<void> {
    return addCredit(tx, merchantId, slotOf(at), { late_pickups: 0, refunds_lost: 1 });
  },
};
