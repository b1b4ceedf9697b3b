import type { Announcement, Dashboard, Echart, EchartPoint } from './api';

/** The Home page's answers for its tests (page.test.ts); override what the test cares about. */

/** index/index: a shop with some history, today 2026-11-22 in Ho Chi Minh. */
export function newDashboard(over: Partial<Dashboard> = {}): Dashboard {
  return {
    time_zone: 'Asia/Ho_Chi_Minh',
    today: '2026-11-22',
    total_orders: 12,
    total_sales: '1380.00',
    total_refunded: '115.00',
    total_cost: '1200.00',
    total_profit: '180.00',
    today_orders: 2,
    today_sales: '230.00',
    today_refunded: '0.00',
    today_cost: '200.00',
    today_profit: '30.00',
    now: {
      in_escrow: '460.00',
      on_hold: '100.00',
      awaiting_pickup_cost: '100.00',
      pending_topups: '150.00',
      pending_topups_count: 1,
    },
    followers: 35,
    rating: { average: '4.6', count: 5 },
    credit: {
      score: 91,
      base: 100,
      window_days: 90,
      late_pickups: 2,
      refunds_lost: 1,
      penalties: { late_pickup: 2, refund_lost: 5 },
    },
    visitors: { today: 8, seven: 64, thirty: 250 },
    ...over,
  };
}

const point = (label: string, over: Partial<EchartPoint> = {}): EchartPoint => ({
  label,
  orders: 0,
  sales: '0.00',
  visitors: 0,
  ...over,
});

/** index/echart of a range: the last days (or hours) with a little activity. */
export function newEchart(range: Echart['range'], over: Partial<Echart> = {}): Echart {
  const series =
    range === 'today'
      ? [point('08:00', { visitors: 3 }), point('09:00', { orders: 1, sales: '115.00', visitors: 5 })]
      : [
          point('2026-11-20', { visitors: 10 }),
          point('2026-11-21', { orders: 1, sales: '115.00', visitors: 12 }),
          point('2026-11-22', { orders: 2, sales: '230.00', visitors: 8 }),
        ];
  return { range, time_zone: 'Asia/Ho_Chi_Minh', series, ...over };
}

let seq = 0;

export function newAnnouncement(over: Partial<Announcement> = {}): Announcement {
  seq += 1;
  return {
    id: seq,
    text: `Announcement ${seq}`,
    lang: 'en',
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}
