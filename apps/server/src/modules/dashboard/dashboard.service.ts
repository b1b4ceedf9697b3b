import {
  CREDIT_PENALTIES,
  CREDIT_SCORE_BASE,
  CREDIT_WINDOW_DAYS,
  type dashboardData,
  type EchartRange,
  type echartPoint,
  type ratingItem,
} from '@dropdesk/contract/dashboard';
import { formatMoney } from '@dropdesk/contract/money';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { unauthorized } from '../../lib/refusal';
import { addDays, dayKey, type LocalDay, localDay, startOf, validZone } from '../../lib/zoned';
import { dashboardRepository as repo, type ShopHead } from './dashboard.repository';
import { SLOT_MS, slotOf } from './shop-stats';

type DashboardData = z.infer<typeof dashboardData>;
type EchartPoint = z.infer<typeof echartPoint>;
type RatingItem = z.infer<typeof ratingItem>;

const HOUR_MS = 3_600_000;

/** The "now" figures (contract `nowFigures`): escrow and the cost awaiting pickup from the rollups, the hold and pending top-ups beside them. */
export function nowOf(
  head: Pick<ShopHead, 'inEscrow' | 'costEstimated'>,
  now: { onHold: number; pendingTopups: number; pendingTopupsCount: number },
) {
  return {
    in_escrow: formatMoney(head.inEscrow),
    on_hold: formatMoney(now.onHold),
    awaiting_pickup_cost: formatMoney(head.costEstimated),
    pending_topups: formatMoney(now.pendingTopups),
    pending_topups_count: now.pendingTopupsCount,
  };
}

/** The credit score of its inputs: 100 less each event's penalty, never below 0. */
export function creditScore(latePickups: number, refundsLost: number): number {
  return Math.max(
    0,
    CREDIT_SCORE_BASE -
      latePickups * CREDIT_PENALTIES.late_pickup -
      refundsLost * CREDIT_PENALTIES.refund_lost,
  );
}

/** The mean of `count` ratings summing to `sum`, one decimal, half up ("4.6"); null before any. */
export function ratingMean(sum: number, count: number): string | null {
  if (count <= 0) return null;
  // Integers only: round(10 · sum / count) half up is ⌊(20 · sum + count) / (2 · count)⌋.
  const tenths = Math.floor((20 * sum + count) / (2 * count));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour (0–23) of the wall clock in `zone` at `ms`. */
function hourIn(ms: number, zone: string): number {
  let f = hourFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: '2-digit' });
    hourFormats.set(zone, f);
  }
  return Number(f.format(new Date(ms))) % 24;
}

/** The merchant's calendar: its zone, today there, and where today begins and ends. */
interface Calendar {
  zone: string;
  today: LocalDay;
  todayStart: number;
  tomorrowStart: number;
}

/**
 * The Home dashboard (contract dashboardRoutes; docs/dashboard.md): every figure a sum of the
 * per-shop rollups kept with the events (shop-stats.ts), cut into the merchant's calendar days in
 * its time zone now (zoned.ts). A few indexed reads per call, whatever the shop's size.
 */
export class DashboardService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private calendar(timeZone: string): Calendar {
    const zone = validZone(timeZone);
    const today = localDay(this.deps.clock.now(), zone);
    return {
      zone,
      today,
      todayStart: startOf(today, zone),
      tomorrowStart: startOf(addDays(today, 1), zone),
    };
  }

  private async head(merchantId: number) {
    const head = await repo.head(this.deps.db, merchantId);
    if (!head) throw unauthorized();
    return { head, cal: this.calendar(head.timeZone) };
  }

  async index(merchantId: number): Promise<DashboardData> {
    const { db } = this.deps;
    const { head, cal } = await this.head(merchantId);
    const windowStart = startOf(addDays(cal.today, -(CREDIT_WINDOW_DAYS - 1)), cal.zone);
    const [{ today, credit, visitors }, now] = await Promise.all([
      repo.figures(db, merchantId, {
        todayFrom: slotOf(cal.todayStart),
        todayTo: slotOf(cal.tomorrowStart),
        creditFrom: slotOf(windowStart),
        today: dayKey(cal.today),
        week: dayKey(addDays(cal.today, -6)),
        month: dayKey(addDays(cal.today, -29)),
      }),
      repo.now(db, merchantId),
    ]);
    return {
      time_zone: cal.zone,
      today: dayKey(cal.today),
      total_orders: head.orders,
      total_sales: formatMoney(head.sales),
      total_refunded: formatMoney(head.refunded),
      total_cost: formatMoney(head.cost),
      total_profit: formatMoney(head.profit),
      today_orders: today.orders,
      today_sales: formatMoney(today.sales),
      today_refunded: formatMoney(today.refunded),
      today_cost: formatMoney(today.cost),
      today_profit: formatMoney(today.profit),
      now: nowOf(head, now),
      followers: head.followers,
      rating: { average: ratingMean(head.ratingSum, head.ratingCount), count: head.ratingCount },
      credit: {
        score: creditScore(credit.latePickups, credit.refundsLost),
        base: CREDIT_SCORE_BASE,
        window_days: CREDIT_WINDOW_DAYS,
        late_pickups: credit.latePickups,
        refunds_lost: credit.refundsLost,
        penalties: { ...CREDIT_PENALTIES },
      },
      visitors,
    };
  }

  /**
   * The sales curve, zero-filled. `today`: 24 points, 00:00 to 23:00 of the merchant's today, each
   * the slots of that local hour (on a day the clocks go back, the repeated hour's slots add up in
   * it; on a day they go forward the skipped hour stays 0); visitors by the time of each visitor's
   * first visit. `seven`/`thirty`: one point per day, oldest first, today last; visitors per day.
   */
  async echart(merchantId: number, range: EchartRange) {
    const { db } = this.deps;
    const { cal } = await this.head(merchantId);
    let series: EchartPoint[];
    if (range === 'today') {
      const sums = Array.from({ length: 24 }, () => ({ orders: 0, sales: 0, visitors: 0 }));
      const rows = await repo.slotRows(db, merchantId, slotOf(cal.todayStart), slotOf(cal.tomorrowStart));
      // A day of 24 hours has no clock change: its hours are plain offsets from its start.
      const plain = cal.tomorrowStart - cal.todayStart === 24 * HOUR_MS;
      for (const row of rows) {
        const at = row.slot * SLOT_MS;
        const hour = plain ? Math.floor((at - cal.todayStart) / HOUR_MS) : hourIn(at, cal.zone);
        const s = sums[hour];
        if (!s) continue;
        s.orders += row.orders;
        s.sales += row.sales;
        s.visitors += row.visitors;
      }
      series = sums.map((s, h) => ({
        label: `${String(h).padStart(2, '0')}:00`,
        orders: s.orders,
        sales: formatMoney(s.sales),
        visitors: s.visitors,
      }));
    } else {
      const n = range === 'seven' ? 7 : 30;
      const first = addDays(cal.today, -(n - 1));
      const days = Array.from({ length: n }, (_, i) => addDays(first, i));
      const starts = [...days, addDays(cal.today, 1)].map((d) => slotOf(startOf(d, cal.zone)));
      const [sums, visits] = await Promise.all([
        repo.daySums(db, merchantId, starts),
        repo.visitDays(db, merchantId, dayKey(first), dayKey(cal.today)),
      ]);
      series = days.map((day, i) => {
        const key = dayKey(day);
        const s = sums.get(i);
        return {
          label: key,
          orders: s?.orders ?? 0,
          sales: formatMoney(s?.sales ?? 0),
          visitors: visits.get(key) ?? 0,
        };
      });
    }
    return { range, time_zone: cal.zone, series };
  }

  /**
   * The orders basis (docs/figures.md) of the orders paid in [from, to) — all of them with `from`
   * null — and the "now" figures: what the finance report's Orders and Now sections show, from the
   * same rollups as Home. `days` (the first instant of each day of a series, and of the day after
   * the last) adds each day's sales and profit.
   */
  async ordersBasis(
    merchantId: number,
    period: { from: number | null; to: number },
    days: readonly number[],
  ) {
    const { db } = this.deps;
    const head = await repo.head(db, merchantId);
    if (!head) throw unauthorized();
    const [orders, now, daily] = await Promise.all([
      period.from === null
        ? head
        : repo.ordersBetween(db, merchantId, slotOf(period.from), slotOf(period.to)),
      repo.now(db, merchantId),
      repo.daySums(
        db,
        merchantId,
        days.map((d) => slotOf(d)),
      ),
    ]);
    return {
      orders: {
        orders: orders.orders,
        sales: orders.sales,
        refunded: orders.refunded,
        cost: orders.cost,
        costEstimated: orders.costEstimated,
        profit: orders.profit,
      },
      inEscrow: head.inEscrow,
      awaitingPickupCost: head.costEstimated,
      now: nowOf(head, now),
      daily,
    };
  }

  /** Distinct visitors per day over the last `days` days (today included), newest first, zero-filled. */
  async visits(merchantId: number, days: number) {
    const { db } = this.deps;
    const { cal } = await this.head(merchantId);
    const first = addDays(cal.today, -(days - 1));
    const visits = await repo.visitDays(db, merchantId, dayKey(first), dayKey(cal.today));
    const list = Array.from({ length: days }, (_, i) => {
      const date = dayKey(addDays(cal.today, -i));
      return { date, visitors: visits.get(date) ?? 0 };
    });
    return { time_zone: cal.zone, list };
  }

  /** The buyers' ratings of the shop's orders, newest first; `total` is the rating's count. */
  async ratings(merchantId: number, paging: Paging): Promise<PageOf<RatingItem>> {
    const { db } = this.deps;
    const [head, rows] = await Promise.all([repo.head(db, merchantId), repo.ratings(db, merchantId, paging)]);
    if (!head) throw unauthorized();
    return {
      total: head.ratingCount,
      page: paging.page,
      limit: paging.limit,
      list: rows.map((r) => ({
        order_id: r.id,
        order_no: r.order_no,
        title: r.title,
        stars: r.rating_stars ?? 0,
        comment: r.rating_comment ?? '',
        rated_at: iso(r.rated_at ?? 0),
      })),
    };
  }
}
