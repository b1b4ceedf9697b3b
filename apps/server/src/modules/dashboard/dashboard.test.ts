import { accountRoutes } from '@dropdesk/contract/account';
import { dashboardRoutes as r, VISIT_DAYS_MAX } from '@dropdesk/contract/dashboard';
import { orderRoutes } from '@dropdesk/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { Client, expectRefusal } from '../../../test/client';
import { expectedDashboard, localDate, localHour, ShopHistory, shiftDay } from '../../../test/dashboard';
import { newMerchant, newOperator } from '../../../test/factories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The Home dashboard over HTTP (contract dashboardRoutes): every figure after a storefront history
 * made through the real calls (test/dashboard.ts ShopHistory), checked against numbers worked out by
 * hand and against the oracle computed from the raw rows; the merchant's calendar in its zone; bad
 * inputs by key and field; one shop never sees another's figures.
 */
describe(`dashboard (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
  });
  afterAll(() => t.close());

  /** Moves the clock forward to the next hh:mm of a zone `offset` hours from UTC (a zone without DST). */
  const toLocal = (offset: number, hh: number, mm = 0) => {
    const now = t.clock.now();
    const localMidnight = Math.floor((now + offset * HOUR) / DAY) * DAY - offset * HOUR;
    let at = localMidnight + hh * HOUR + mm * 60_000;
    if (at <= now) at += DAY;
    t.clock.advance(at - now);
  };

  /** Every route's answer equals the oracle's figures from the raw rows. */
  const expectAsOracle = async (shop: ShopHistory) => {
    const m = await shop.merchantClient();
    const want = await expectedDashboard(t, shop.id);
    expect((await m.call(r.index)).data).toEqual(want.index);
    for (const range of ['today', 'seven', 'thirty'] as const)
      expect((await m.call(r.echart, { range })).data, range).toEqual({
        range,
        time_zone: want.index.time_zone,
        series: want.echart[range],
      });
    expect((await m.call(r.visits, { days: String(VISIT_DAYS_MAX) })).data.list).toEqual(
      want.visits(VISIT_DAYS_MAX),
    );
    const ratings = await m.call(r.ratings, { limit: '100' });
    expect(ratings.data).toEqual({ total: want.ratings.length, page: 1, limit: 100, list: want.ratings });
  };

  it('index, echart, visits and ratings after a storefront history: the hand-made figures and the oracle’s', async () => {
    const shop = await ShopHistory.open(t, { timeZone: 'Asia/Ho_Chi_Minh', cost: '10.00' }); // price 11.50
    const ict = 7;
    // T − 40 and T − 10: a visit each (the first outside every window).
    toLocal(ict, 10);
    await shop.visit('e');
    t.clock.advance(30 * DAY);
    await shop.visit('d');
    // T − 3, 10:00: A (2 units, 23.00) and L (11.50) paid; A picked up at once.
    t.clock.advance(7 * DAY);
    const A = await shop.order(0, 2);
    const L = await shop.order(0, 1);
    t.clock.advance(30 * 60_000);
    expect(await shop.pick(A)).toBe(true);
    // T − 1, 11:00: L picked up 49 hours after payment: late.
    toLocal(ict, 11);
    t.clock.advance(2 * DAY);
    expect(await shop.pick(L)).toBe(true);
    // T − 1, 12:00: two visitors; B paid (not picked up: its profit estimated); C paid and cancelled;
    // D never paid.
    t.clock.advance(HOUR);
    await shop.visit('a');
    await shop.visit('b');
    const B = await shop.order(0);
    const C = await shop.order(0);
    expect(await shop.cancel(C)).toBe(true);
    const D = await shop.order(0, 1, false);
    // T, 08:00: two visitors (one of them twice); D lapses.
    toLocal(ict, 8);
    for (const v of ['a', 'c', 'c']) await shop.visit(v);
    await shop.tick();
    // T, 09:00: E and F (2 units) received and rated, F refunded 5.00; G picked up, refunded whole on
    // appeal after the merchant rejected it: a refund lost, and G cancelled.
    t.clock.advance(HOUR);
    const E = await shop.order(1);
    const F = await shop.order(1, 2);
    const G = await shop.order(1);
    for (const id of [E, F, G]) expect(await shop.pick(id)).toBe(true);
    for (const id of [E, F]) {
      expect(await shop.ship(id)).toBe(true);
      expect(await shop.confirm(id)).toBe(true);
    }
    expect(await shop.rate(E, 4, 'Fine')).toBe(true);
    expect(await shop.rate(F, 5, 'Great')).toBe(true);
    expect(await shop.askRefund(F, '5.00')).toBe(true);
    expect(await shop.audit(F, true)).toBe(true);
    expect(await shop.askRefund(G)).toBe(true);
    expect(await shop.audit(G, false)).toBe(true);
    expect(await shop.appeal(G)).toBe(true);
    expect(await shop.arbitrate(G, true)).toBe(true);
    // Followers: three follow, one leaves, one follows twice.
    await shop.follow(0, true);
    await shop.follow(1, true);
    await shop.follow(1, false);
    await shop.follow(2, true);
    await shop.follow(2, true);
    t.clock.advance(10 * 60_000);

    const m = await shop.merchantClient();
    const today = localDate(t.clock.now(), 'Asia/Ho_Chi_Minh');
    const index = await m.call(r.index);
    expect(index.code, index.raw).toBe(1);
    // Sold: A 23.00/3.00, L 11.50/1.50, B 11.50/1.50 (cost not paid yet), E 11.50/1.50, F 18.00/−2.00;
    // paid and refunded in full: C (cancelled before pickup) and G (cost returned), 0.00 each.
    // Refunded: C 11.50, F 5.00, G 11.50. Cost: A 20, L 10, B 10 (to pay at pickup), E 10, F 20.
    expect(index.data).toEqual({
      time_zone: 'Asia/Ho_Chi_Minh',
      today,
      total_orders: 5,
      total_sales: '75.50',
      total_refunded: '28.00',
      total_cost: '70.00',
      total_profit: '5.50',
      today_orders: 2,
      today_sales: '29.50',
      today_refunded: '16.50',
      today_cost: '30.00',
      today_profit: '-0.50',
      // Escrow holds every paid order's money less refunds (nothing settled yet); B awaits pickup.
      now: {
        in_escrow: '75.50',
        on_hold: '0.00',
        awaiting_pickup_cost: '10.00',
        pending_topups: '0.00',
        pending_topups_count: 0,
      },
      followers: 2,
      rating: { average: '4.5', count: 2 },
      credit: {
        score: 93,
        base: 100,
        window_days: 90,
        late_pickups: 1,
        refunds_lost: 1,
        penalties: { late_pickup: 2, refund_lost: 5 },
      },
      visitors: { today: 2, seven: 4, thirty: 5 },
    });

    const hours = (await m.call(r.echart, { range: 'today' })).data;
    expect(hours.series).toHaveLength(24);
    expect(hours.series[0]).toEqual({ label: '00:00', orders: 0, sales: '0.00', visitors: 0 });
    expect(hours.series[8]).toEqual({ label: '08:00', orders: 0, sales: '0.00', visitors: 2 });
    expect(hours.series[9]).toEqual({ label: '09:00', orders: 2, sales: '29.50', visitors: 0 });
    expect(hours.series.reduce((n, p) => n + p.orders, 0)).toBe(2);

    const week = (await m.call(r.echart)).data;
    expect(week.range).toBe('seven');
    expect(week.series.map((p) => p.label)).toEqual(
      Array.from({ length: 7 }, (_, i) => shiftDay(today, i - 6)),
    );
    expect(week.series[3]).toEqual({ label: shiftDay(today, -3), orders: 2, sales: '34.50', visitors: 0 });
    expect(week.series[5]).toEqual({ label: shiftDay(today, -1), orders: 1, sales: '11.50', visitors: 2 });
    expect(week.series[6]).toEqual({ label: today, orders: 2, sales: '29.50', visitors: 2 });
    const month = (await m.call(r.echart, { range: 'thirty' })).data;
    expect(month.series).toHaveLength(30);
    expect(month.series[20]).toEqual({ label: shiftDay(today, -9), orders: 0, sales: '0.00', visitors: 0 });
    expect(month.series[19]).toEqual({ label: shiftDay(today, -10), orders: 0, sales: '0.00', visitors: 1 });

    const visits = (await m.call(r.visits, { days: '3' })).data;
    expect(visits).toEqual({
      time_zone: 'Asia/Ho_Chi_Minh',
      list: [
        { date: today, visitors: 2 },
        { date: shiftDay(today, -1), visitors: 2 },
        { date: shiftDay(today, -2), visitors: 0 },
      ],
    });
    expect((await m.call(r.visits)).data.list).toHaveLength(30);

    const ratings = (await m.call(r.ratings, { limit: '1' })).data;
    expect(ratings).toMatchObject({ total: 2, page: 1, limit: 1 });
    // Rated at the same instant: the later order first.
    expect(ratings.list).toEqual([
      {
        order_id: F,
        order_no: expect.stringMatching(/^O/),
        title: expect.any(String),
        stars: 5,
        comment: 'Great',
        rated_at: new Date(t.clock.now() - 10 * 60_000).toISOString(),
      },
    ]);
    expect((await m.call(r.ratings, { page: '2', limit: '1' })).data.list.map((x) => x.order_id)).toEqual([
      E,
    ]);

    // The order list behind the figures: all sold orders, and today's.
    const sold = (await m.call(orderRoutes.list, { sold: '1' })).data;
    expect(sold.list.map((x) => x.id)).toEqual([F, E, B, L, A]);
    const soldToday = (await m.call(orderRoutes.list, { sold: '1', paid_day: today })).data;
    expect(soldToday.list.map((x) => x.id)).toEqual([F, E]);
    const cancelled = (await m.call(orderRoutes.list, { status: '-1' })).data;
    expect(cancelled.list.map((x) => x.id)).toEqual([G, D, C]);

    await expectAsOracle(shop);
  });

  it('an order paid at 23:30 local belongs to that day, in Ho Chi Minh and in São Paulo', async () => {
    const hcm = await ShopHistory.open(t, { timeZone: 'Asia/Ho_Chi_Minh' });
    const sp = await ShopHistory.open(t, { timeZone: 'America/Sao_Paulo' });
    toLocal(7, 23, 30);
    const paidHcm = t.clock.now();
    await hcm.order(0);
    const dayHcm = localDate(paidHcm, 'Asia/Ho_Chi_Minh');
    const before = await (await hcm.merchantClient()).call(r.index);
    expect(before.data).toMatchObject({
      today: dayHcm,
      today_orders: 1,
      today_sales: '11.50',
      total_orders: 1,
    });
    const hoursHcm = (await (await hcm.merchantClient()).call(r.echart, { range: 'today' })).data.series;
    expect(hoursHcm[23]).toMatchObject({ label: '23:00', orders: 1, sales: '11.50' });

    toLocal(-3, 23, 30);
    const paidSp = t.clock.now();
    await sp.order(0, 2);
    const daySp = localDate(paidSp, 'America/Sao_Paulo');
    expect((await (await sp.merchantClient()).call(r.index)).data).toMatchObject({
      time_zone: 'America/Sao_Paulo',
      today: daySp,
      today_orders: 1,
      today_sales: '23.00',
    });

    // One hour later it is the next day in both zones: the orders are yesterday's.
    t.clock.advance(HOUR);
    for (const [shop, day, sales] of [
      [hcm, dayHcm, '11.50'],
      [sp, daySp, '23.00'],
    ] as const) {
      const m = await shop.merchantClient();
      const index = (await m.call(r.index)).data;
      expect(index).toMatchObject({
        today: shiftDay(day, 1),
        today_orders: 0,
        today_sales: '0.00',
        total_sales: sales,
      });
      const week = (await m.call(r.echart, { range: 'seven' })).data.series;
      expect(week[6]).toEqual({ label: shiftDay(day, 1), orders: 0, sales: '0.00', visitors: 0 });
      expect(week[5]).toMatchObject({ label: day, orders: 1, sales });
      await expectAsOracle(shop);
    }
  });

  it('the merchant’s zone cuts the days now: a new zone recuts today and the curve from the same slots', async () => {
    const shop = await ShopHistory.open(t, { timeZone: 'Asia/Ho_Chi_Minh' });
    const m = async () => shop.merchantClient();
    const setZone = async (time_zone: string) =>
      expect((await (await m()).call(accountRoutes.setTimeZone, { time_zone })).code).toBe(1);
    // 00:30 in Ho Chi Minh is 14:30 of the day before in São Paulo.
    toLocal(7, 0, 30);
    const paid = t.clock.now();
    await shop.order(0);
    const day = localDate(paid, 'Asia/Ho_Chi_Minh');
    expect((await (await m()).call(r.index)).data).toMatchObject({ today: day, today_orders: 1 });
    expect((await (await m()).call(r.echart, { range: 'today' })).data.series[0]).toMatchObject({
      label: '00:00',
      orders: 1,
    });
    await setZone('America/Sao_Paulo');
    expect((await (await m()).call(r.index)).data).toMatchObject({
      time_zone: 'America/Sao_Paulo',
      today: shiftDay(day, -1),
      today_orders: 1,
      today_sales: '11.50',
    });
    const hours = (await (await m()).call(r.echart, { range: 'today' })).data;
    expect(hours.time_zone).toBe('America/Sao_Paulo');
    expect(hours.series[14]).toMatchObject({ label: '14:00', orders: 1, sales: '11.50' });
    await expectAsOracle(shop);
    // Ten hours later: 00:30 in São Paulo, the order is yesterday's there; 10:30 in Ho Chi Minh,
    // still today's.
    t.clock.advance(10 * HOUR);
    expect((await (await m()).call(r.index)).data).toMatchObject({ today: day, today_orders: 0 });
    const week = (await (await m()).call(r.echart)).data.series;
    expect(week[5]).toMatchObject({ label: shiftDay(day, -1), orders: 1 });
    await setZone('Asia/Ho_Chi_Minh');
    expect((await (await m()).call(r.index)).data).toMatchObject({ today: day, today_orders: 1 });
    await expectAsOracle(shop);
  });

  it('a day the clocks change (New York): 23 or 25 hours, each order in its local hour, the days cut right', async () => {
    const shop = await ShopHistory.open(t, { timeZone: 'America/New_York' });
    // The next change of New York's offset, to the hour.
    const offset = (ms: number) => (localHour(ms, 'America/New_York') - new Date(ms).getUTCHours() + 24) % 24;
    let change = Math.ceil(t.clock.now() / HOUR) * HOUR + 2 * HOUR;
    while (offset(change) === offset(change - HOUR)) change += HOUR;
    // Spring: an hour ahead (a day of 23 hours); autumn: an hour back (25 hours).
    const forward = (((offset(change) - offset(change - HOUR)) % 24) + 24) % 24 === 1;
    // 00:30 local (an hour and a half before the change, at 02:00 of the old offset), then half an
    // hour after the change: 03:30 on a spring day, the second 01:30 on an autumn day.
    t.clock.advance(change - 90 * 60_000 - t.clock.now());
    const day = localDate(t.clock.now(), 'America/New_York');
    await shop.order(0);
    t.clock.advance(2 * HOUR);
    await shop.order(0, 2);
    expect(localDate(t.clock.now(), 'America/New_York')).toBe(day);
    const m = await shop.merchantClient();
    const hours = (await m.call(r.echart, { range: 'today' })).data.series;
    expect(hours).toHaveLength(24);
    expect(hours[0]).toMatchObject({ label: '00:00', orders: 1, sales: '11.50' });
    expect(hours[forward ? 3 : 1]).toMatchObject({ orders: 1, sales: '23.00' });
    expect(hours.reduce((n, p) => n + p.orders, 0)).toBe(2);
    expect((await m.call(r.index)).data).toMatchObject({ today: day, today_orders: 2, today_sales: '34.50' });
    await expectAsOracle(shop);
    // The next day: the curve of days around the change.
    t.clock.advance(DAY);
    const week = (await (await shop.merchantClient()).call(r.echart)).data.series;
    expect(week[5]).toMatchObject({ label: day, orders: 2, sales: '34.50' });
    await expectAsOracle(shop);
  });

  it('the credit score counts late pickups and refunds lost over the last 90 days, never below 0', async () => {
    const shop = await ShopHistory.open(t, { timeZone: 'UTC' });
    const m = async () => (await shop.merchantClient()).call(r.index);
    toLocal(0, 12);
    // Picked up exactly 48 hours after payment: on time. 48 hours and a minute: late.
    const onTime = await shop.order(0);
    const late = await shop.order(0);
    t.clock.advance(48 * HOUR);
    await shop.pick(onTime);
    t.clock.advance(60_000);
    await shop.pick(late);
    expect((await m()).data.credit).toMatchObject({ score: 98, late_pickups: 1, refunds_lost: 0 });
    // A refund rejected then upheld on appeal costs nothing; one granted on appeal costs 5.
    const kept = await shop.order(1);
    const lost = await shop.order(1);
    for (const id of [kept, lost]) {
      await shop.pick(id);
      await shop.askRefund(id);
      await shop.audit(id, false);
      await shop.appeal(id);
    }
    await shop.arbitrate(kept, false);
    await shop.arbitrate(lost, true);
    // A refund the merchant approves itself costs nothing either.
    const approved = await shop.order(1);
    await shop.pick(approved);
    await shop.askRefund(approved);
    await shop.audit(approved, true);
    expect((await m()).data.credit).toMatchObject({ score: 93, late_pickups: 1, refunds_lost: 1 });
    // 89 days later both still count; on the 90th day after (the window's 91st) they drop out.
    t.clock.advance(89 * DAY);
    expect((await m()).data.credit).toMatchObject({ score: 93, late_pickups: 1, refunds_lost: 1 });
    toLocal(0, 0, 1);
    expect((await m()).data.credit).toMatchObject({ score: 100, late_pickups: 0, refunds_lost: 0 });
    // Many late pickups: the score stops at 0.
    const many = [];
    for (let i = 0; i < 51; i++) many.push(await shop.order(2));
    t.clock.advance(49 * HOUR);
    const picked = await (await shop.merchantClient()).call(orderRoutes.pickBatch, {
      ids: many,
      pay_password: '246810',
    });
    expect(picked.data.picked).toBe(51);
    expect((await m()).data.credit).toMatchObject({ score: 0, late_pickups: 51 });
    await expectAsOracle(shop);
  });

  it('each merchant sees its own figures only', async () => {
    const one = await ShopHistory.open(t);
    const two = await ShopHistory.open(t);
    const a = await one.order(0, 3);
    await one.pick(a);
    await one.visit('x');
    await one.follow(0, true);
    const b = await two.order(0);
    await two.ship(b);
    await two.visit('x');
    await two.visit('y');
    const [i1, i2] = [
      (await (await one.merchantClient()).call(r.index)).data,
      (await (await two.merchantClient()).call(r.index)).data,
    ];
    expect(i1).toMatchObject({ total_orders: 1, total_sales: '34.50', followers: 1, visitors: { today: 1 } });
    expect(i2).toMatchObject({ total_orders: 1, total_sales: '11.50', followers: 0, visitors: { today: 2 } });
    await expectAsOracle(one);
    await expectAsOracle(two);
    // A merchant with no event at all: zeros, no rating.
    const none = await newMerchant(t);
    const empty = (await none.client.call(r.index)).data;
    expect(empty).toMatchObject({
      total_orders: 0,
      total_sales: '0.00',
      total_profit: '0.00',
      today_orders: 0,
      followers: 0,
      rating: { average: null, count: 0 },
      credit: { score: 100, late_pickups: 0, refunds_lost: 0 },
      visitors: { today: 0, seven: 0, thirty: 0 },
    });
    expect((await none.client.call(r.ratings)).data).toEqual({ total: 0, page: 1, limit: 20, list: [] });
    const curve = (await none.client.call(r.echart, { range: 'thirty' })).data.series;
    expect(curve.every((p) => p.orders === 0 && p.sales === '0.00' && p.visitors === 0)).toBe(true);
  });

  it.each([
    [r.echart.path, { range: 'week' }, 'range'],
    [r.echart.path, { range: '' }, 'range'],
    [r.echart.path, { range: 'today', zone: 'UTC' }, 'zone'],
    [r.visits.path, { days: '0' }, 'days'],
    [r.visits.path, { days: String(VISIT_DAYS_MAX + 1) }, 'days'],
    [r.visits.path, { days: 'x' }, 'days'],
    [r.visits.path, { days: '1.5' }, 'days'],
    [r.visits.path, { merchant_id: '1' }, 'merchant_id'],
    [r.ratings.path, { page: '0' }, 'page'],
    [r.ratings.path, { limit: '101' }, 'limit'],
    [r.ratings.path, { limit: 'all' }, 'limit'],
    [r.ratings.path, { merchant_id: '1' }, 'merchant_id'],
  ])('%s refuses %j: INVALID_INPUT on %s, in the caller language', async (url, query, field) => {
    const m = await newMerchant(t);
    const res = await m.client.get(url, query, { lang: 'en' });
    expect(res.status).toBe(200);
    expectRefusal(res, 'INVALID_INPUT', field);
    expect(res.msg).not.toBe(res.error);
  });

  it('every route needs a merchant session: none, a bad token or an operator’s is 401', async () => {
    const operator = await newOperator(t, 'admin');
    for (const route of Object.values(r)) {
      for (const client of [new Client(t.app), new Client(t.app, 'not-a-token'), operator]) {
        const res = await client.get(route.path);
        expect(res.status, route.path).toBe(401);
        expectRefusal(res, 'UNAUTHORIZED');
      }
    }
  });

  it('a closed shop still reads its figures', async () => {
    const shop = await ShopHistory.open(t);
    await shop.order(0);
    await t.database.db
      .updateTable('merchants')
      .set({ status: 'closed' })
      .where('id', '=', shop.id)
      .execute();
    const res = await (await shop.merchantClient()).call(r.index);
    expect(res.data.total_orders).toBe(1);
    await t.database.db
      .updateTable('merchants')
      .set({ status: 'active' })
      .where('id', '=', shop.id)
      .execute();
  });
});
