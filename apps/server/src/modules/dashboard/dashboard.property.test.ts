import { dashboardRoutes as r, VISIT_DAYS_MAX } from '@dropdesk/contract/dashboard';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectedDashboard, ShopHistory } from '../../../test/dashboard';
import { checkLedger } from '../ledger/ledger.check';
import { checkStats } from './stats.check';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * One step of a storefront history. `i` names one of the shop's orders (modulo how many there are);
 * `forward` takes it one step along its way (picked up, shipped, received, rated), `decide` makes the
 * next decision on its refund (the merchant's, the buyer's appeal, the operator's).
 */
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      buyer: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      // Most orders are paid; some are left to lapse.
      pay: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('forward' as const),
      i: fc.nat(),
      stars: fc.integer({ min: 1, max: 5 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      // Minutes to weeks: pickups late or on time, hours and days crossed, the 7-, 30- and 90-day
      // windows left behind.
      ms: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 1, max: 120 * MINUTE }) },
        { weight: 3, arbitrary: fc.integer({ min: HOUR, max: 3 * DAY }) },
        { weight: 1, arbitrary: fc.integer({ min: 3 * DAY, max: 40 * DAY }) },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), i: fc.nat(), part: fc.boolean() }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('decide' as const), i: fc.nat(), forBuyer: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('visit' as const), v: fc.integer({ min: 0, max: 5 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      buyer: fc.integer({ min: 0, max: 2 }),
      follow: fc.boolean(),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Zones with whole hours, no DST (Ho Chi Minh, São Paulo, UTC), a quarter hour (Kathmandu) and DST (New York). */
const ZONES = ['Asia/Ho_Chi_Minh', 'America/Sao_Paulo', 'UTC', 'Asia/Kathmandu', 'America/New_York'];

/**
 * Random storefront histories (orders paid or not, picked up late or on time, shipped, received,
 * rated, refunded in part or whole, rejected and appealed, cancelled, settled; visits on random days;
 * follows and unfollows), each through the real calls in a new shop of a random zone: afterwards
 * every dashboard figure equals the oracle's computation from the raw rows (test/dashboard.ts), and
 * stats:check finds no difference anywhere.
 */
describe(`dashboard, property (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** The `i`-th (modulo) of the shop's orders whose state `fits`. */
  async function orderWhere(
    shop: ShopHistory,
    i: number,
    fits: (state: Awaited<ReturnType<ShopHistory['state']>>) => boolean,
  ): Promise<number | undefined> {
    const states = await Promise.all(shop.orders.map((id) => shop.state(id)));
    const ids = shop.orders.filter((_, k) => fits(states[k]!));
    return ids.length ? ids[i % ids.length] : undefined;
  }

  async function run(shop: ShopHistory, s: Step): Promise<void> {
    switch (s.kind) {
      case 'order':
        await shop.order(s.buyer, s.quantity, s.pay);
        return;
      case 'clock':
        t.clock.advance(s.ms);
        return;
      case 'tick':
        await shop.tick();
        return;
      case 'visit':
        await shop.visit(`v${s.v}`);
        return;
      case 'follow':
        await shop.follow(s.buyer, s.follow);
        return;
      case 'forward': {
        const id = await orderWhere(
          shop,
          s.i,
          (o) => [5, 1, 2, 6, 7].includes(o.status) || ([3, 4].includes(o.status) && !o.rated),
        );
        if (id !== undefined) await shop.forward(id, s.stars);
        return;
      }
      case 'cancel': {
        const id = await orderWhere(shop, s.i, (o) => o.status === 0 || o.status === 5);
        if (id !== undefined) await shop.cancel(id);
        return;
      }
      case 'refund': {
        const id = await orderWhere(shop, s.i, (o) => [1, 2, 6, 7, 3].includes(o.status) && !o.refund);
        if (id !== undefined) await shop.askRefund(id, s.part ? '1.00' : undefined);
        return;
      }
      case 'decide': {
        const id = await orderWhere(shop, s.i, (o) =>
          ['pending', 'rejected', 'appealed'].includes(o.refund ?? ''),
        );
        if (id !== undefined) await shop.decide(id, s.forBuyer);
        return;
      }
    }
  }

  it('every figure equals its direct computation from the raw rows, and stats:check finds nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(step, { minLength: 15, maxLength: 60 }),
        async (zone, steps) => {
          const shop = await ShopHistory.open(t, { timeZone: zone });
          for (const s of steps) await run(shop, s);
          const m = await shop.merchantClient();
          const want = await expectedDashboard(t, shop.id);
          expect((await m.call(r.index)).data).toEqual(want.index);
          for (const range of ['today', 'seven', 'thirty'] as const)
            expect((await m.call(r.echart, { range })).data.series, range).toEqual(want.echart[range]);
          expect((await m.call(r.visits, { days: String(VISIT_DAYS_MAX) })).data.list).toEqual(
            want.visits(VISIT_DAYS_MAX),
          );
          expect((await m.call(r.ratings, { limit: '100' })).data.list).toEqual(want.ratings);
          // This shop's differences (a failed run leaves its own, which must not fail the next).
          const mine = new RegExp(`shop #${shop.id}\\b`);
          expect((await checkStats(t.database.db)).problems.filter((p) => mine.test(p))).toEqual([]);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
    expect((await checkStats(t.database.db)).problems).toEqual([]);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  }, 300_000);
});
