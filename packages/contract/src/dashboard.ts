import { z } from 'zod';
import { ECHART_RANGES } from './constants';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import { moneyOut } from './money-fields';
import * as dashboardPaths from './paths/dashboard';
import { defineRoute } from './route';

/**
 * The Home dashboard (docs/design.md §5 "Storefront, buyers and figures"; docs/dashboard.md). Every figure
 * is made of recorded events only: orders buyers paid, visits to the storefront, follows and
 * ratings. Nothing here or anywhere under /merchant or /admin can create one of those.
 *
 * Definitions (docs/figures.md; the server's per-shop rollups keep them; `ops stats:check`
 * recomputes them from the events and prints any difference). The money figures are the *orders
 * basis*, the same as the finance report's Orders section:
 * - an order *counts as sold* once paid (`paid_at`), unless refunded in full;
 * - over every paid order (refunded in full or cancelled after payment too): *sales* are what the
 *   buyers paid less refunds (`total − refunded`), *refunded* what went back to them, *cost* the
 *   cost the orders carry (`cost_total` while awaiting pickup, an estimate; then what was paid less
 *   what came back) and *profit* = sales − cost (each order's earnings, so a shipped order refunded
 *   in full counts its cost paid as a loss);
 * - "today" and the days of the curve are the merchant's calendar days in its time zone, and an
 *   order belongs to the day it was paid (a later refund changes that day's figures);
 * - visitors: distinct visitors per shop and day (one storefront visit row each), summed over days;
 * - followers: buyers following the shop now; rating: the mean of buyers' 1–5 ratings;
 * - credit score: 100 minus the penalties below over the last CREDIT_WINDOW_DAYS, never below 0.
 */

// The curve's ranges and the credit score's numbers live in constants.ts, which the light clients
// (the merchant app's /home page) import without zod; named here too, with the rest of the dashboard.
export {
  CREDIT_PENALTIES,
  CREDIT_SCORE_BASE,
  CREDIT_WINDOW_DAYS,
  ECHART_RANGES,
  type EchartRange,
  LATE_PICKUP_HOURS,
} from './constants';

/** How many days of visits the visitors drill-down may ask for. */
export const VISIT_DAYS_MAX = 90;

const count = z.number().int();

/**
 * Where the merchant's money is at this moment, on Home and in the finance report alike:
 * - `in_escrow`: what the platform's escrow holds for the shop's paid orders (sales not settled yet);
 * - `on_hold`: the withdrawal hold's balance (withdrawals asked, not paid out or released yet);
 * - `awaiting_pickup_cost`: the cost still to pay at pickup for the orders awaiting it;
 * - `pending_topups` (and how many): top-ups asked and not reviewed yet.
 */
export const nowFigures = z.object({
  in_escrow: moneyOut,
  on_hold: moneyOut,
  awaiting_pickup_cost: moneyOut,
  pending_topups: moneyOut,
  pending_topups_count: count,
});

export const dashboardData = z.object({
  /** The IANA zone the days are cut in, and today's date there (YYYY-MM-DD). */
  time_zone: z.string(),
  today: z.string(),
  /** Over the shop's life (orders basis): orders sold, sales, refunded to buyers, cost and profit (sales − cost). */
  total_orders: count,
  total_sales: moneyOut,
  total_refunded: moneyOut,
  total_cost: moneyOut,
  total_profit: moneyOut,
  /** The same over the orders paid today; the profit is estimated (costs of orders not yet picked up included). */
  today_orders: count,
  today_sales: moneyOut,
  today_refunded: moneyOut,
  today_cost: moneyOut,
  today_profit: moneyOut,
  /** Where the money is now (a snapshot; the finance report shows the same). */
  now: nowFigures,
  followers: count,
  rating: z.object({
    /** Mean of the ratings, one decimal ("4.6"); null before the first rating. */
    average: z.string().nullable(),
    count,
  }),
  credit: z.object({
    score: count,
    /** Its inputs, so the screen can explain it. */
    base: count,
    window_days: count,
    late_pickups: count,
    refunds_lost: count,
    penalties: z.object({ late_pickup: count, refund_lost: count }),
  }),
  visitors: z.object({ today: count, seven: count, thirty: count }),
});

export const echartPoint = z.object({
  /** YYYY-MM-DD for a day, HH:00 for an hour of today. */
  label: z.string(),
  /** Orders counted as sold paid in the hour or day, and their sales. */
  orders: count,
  sales: moneyOut,
  /** A day's distinct visitors; for an hour of today, the visitors whose first visit of the day fell in it. */
  visitors: count,
});

export const ratingItem = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  title: z.string(),
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  rated_at: isoTime,
});

export const dashboardRoutes = {
  index: defineRoute({
    ...dashboardPaths.index,
    summary: "The Home figures: sales, profit, today's orders, followers, rating, credit score, visitors",
    refusals: [],
    data: dashboardData,
  }),
  echart: defineRoute({
    ...dashboardPaths.echart,
    summary: 'The sales curve: orders, sales and visitors per hour of today, or per day of the last 7 or 30',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({
      range: z.enum(ECHART_RANGES, { error: 'FIELD_INVALID' }).default('seven'),
    }),
    data: z.object({
      range: z.enum(ECHART_RANGES),
      time_zone: z.string(),
      series: z.array(echartPoint),
    }),
  }),
  visits: defineRoute({
    ...dashboardPaths.visits,
    summary: 'What the visitors figures are made of: distinct visitors per day, newest day first',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ days: queryInt(1, VISIT_DAYS_MAX).default(30) }),
    data: z.object({
      time_zone: z.string(),
      list: z.array(z.object({ date: z.string(), visitors: count })),
    }),
  }),
  ratings: defineRoute({
    ...dashboardPaths.ratings,
    summary: 'What the rating is made of: the buyers’ ratings, newest first',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ ...pageQuery }),
    data: pageOf(ratingItem),
  }),
} as const;
