import { dashboardRoutes as r } from '@dropdesk/contract/dashboard';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectedDashboard, ShopHistory } from '../../../test/dashboard';
import { up as migration008 } from '../../db/migrations/008_shop_stats';
import { up as migration015 } from '../../db/migrations/015_figures';
import { up as migration018 } from '../../db/migrations/018_figure_lists';
import { SLOT_MS } from './shop-stats';
import { checkStats, rebuildStats } from './stats.check';

const HOUR = 3_600_000;

/**
 * `stats:check` names each difference between a rollup and its events, and `stats:rebuild` (and
 * migrations 008 and 014, on a database that already holds events) makes them agree. Each test breaks a fresh
 * database of its own, around the code that keeps the rollups, as a bug or a hand edit would.
 */
describe(`stats check and rebuild (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** A fresh database with a history: sold, cancelled, refunded, late, rated orders, visits, follows. */
  async function history() {
    t = await buildTestApp();
    const shop = await ShopHistory.open(t, { timeZone: 'America/Sao_Paulo' });
    const a = await shop.order(0, 2);
    const b = await shop.order(0);
    const c = await shop.order(1);
    await shop.cancel(c);
    t.clock.advance(50 * HOUR);
    await shop.pick(a);
    await shop.pick(b);
    await shop.ship(a);
    await shop.confirm(a);
    await shop.rate(a, 3, 'ok');
    await shop.askRefund(b);
    await shop.audit(b, false);
    await shop.appeal(b);
    await shop.arbitrate(b, true);
    await shop.visit('v1');
    await shop.visit('v2');
    await shop.follow(0, true);
    await shop.follow(1, true);
    const report = await checkStats(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.rows).toEqual({
      shop_stats: 1,
      shop_stat_slots: 2,
      shop_visit_days: 1,
      shop_credit_slots: 1,
    });
    return { t, shop, db: t.database.db, a, b };
  }

  const dashboardOf = async (shop: ShopHistory) => (await (await shop.merchantClient()).call(r.index)).data;

  it('a rollup row changed by hand: the shop, the key and each column that differs', async () => {
    const { db, shop, a } = await history();
    const order = await db.selectFrom('orders').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    const slot = Math.floor(order.paid_at! / SLOT_MS);
    await db
      .updateTable('shop_stat_slots')
      .set({ orders: sql`orders + 1`, sales: sql`sales + 150` })
      .where('merchant_id', '=', shop.id)
      .where('slot', '=', slot)
      .execute();
    await db.updateTable('shop_stats').set({ followers: 7 }).where('merchant_id', '=', shop.id).execute();
    const at = new Date(slot * SLOT_MS).toISOString().replace(':00.000Z', 'Z');
    expect((await checkStats(db)).problems).toEqual([
      `shop_stats, shop #${shop.id}: followers 7 but the events give 2`,
      `shop_stat_slots, shop #${shop.id} slot ${at}: orders 2 but the events give 1; sales 24.50 but the events give 23.00`,
    ]);
    await rebuildStats(db);
    expect((await checkStats(db)).problems).toEqual([]);
  });

  it('events written around the rollups (a paid order, a visit) and a rollup row deleted: each named', async () => {
    const { db, shop, a } = await history();
    const now = t!.clock.now();
    // A paid order inserted straight into the table, as a script faking sales would.
    const fake = await db.selectFrom('orders').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    const { id: _id, ...columns } = fake;
    await db
      .insertInto('orders')
      .values({ ...columns, order_no: 'FAKE1', paid_at: now, rating_stars: null, rated_at: null })
      .execute();
    await db
      .insertInto('shop_visits')
      .values({ merchant_id: shop.id, day: '2001-01-01', visitor: 'x', at: now })
      .execute();
    await db.deleteFrom('shop_credit_slots').where('merchant_id', '=', shop.id).execute();
    const problems = (await checkStats(db)).problems;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(
      new RegExp(
        `^shop_stats, shop #${shop.id}: orders 1 but the events give 2; paid 3 but the events give 4; sales 23\\.00 but the events give 46\\.00; cost 20\\.00 but the events give 40\\.00; profit 3\\.00 but the events give 6\\.00; in_escrow 23\\.00 but the events give 46\\.00$`,
      ),
    );
    expect(problems[1]).toMatch(
      /^shop_stat_slots, shop #\d+ slot .*: orders 0 but the events give 1; paid 0 but the events give 1; sales 0\.00 but the events give 23\.00; cost 0\.00 but the events give 20\.00; profit 0\.00 but the events give 3\.00; in_escrow 0\.00 but the events give 23\.00; visitors 2 but the events give 3$/,
    );
    expect(problems[2]).toBe(
      `shop_visit_days, shop #${shop.id} day 2001-01-01: visitors 0 but the events give 1`,
    );
    expect(problems[3]).toMatch(
      /^shop_credit_slots, shop #\d+ slot .*: late_pickups 0 but the events give 2; refunds_lost 0 but the events give 1$/,
    );

    const rebuilt = await rebuildStats(db);
    expect(rebuilt.rows.shop_stats).toBe(1);
    expect(rebuilt.ms).toBeGreaterThanOrEqual(0);
    expect((await checkStats(db)).problems).toEqual([]);
    const want = await expectedDashboard(t!, shop.id);
    expect(await dashboardOf(shop)).toEqual(want.index);
    expect(want.index).toMatchObject({ total_orders: 2, total_sales: '46.00' });
  });

  it('migrations 008, 015 and 018 fill the rollups from the events already recorded', async () => {
    const { t: app, db, shop } = await history();
    // A shipped order refunded in full: 008 counted no profit of it, 014 counts the cost it lost.
    const d = await shop.order(2);
    await shop.pick(d);
    await shop.ship(d);
    await shop.askRefund(d);
    await shop.audit(d, true);
    const before = await dashboardOf(shop);
    expect(before).toMatchObject({ total_orders: 1, total_profit: '-7.00', total_cost: '30.00' });
    // 018's columns go with the tables 008 makes, so 015 and 018 run on tables of their own day.
    for (const table of ['shop_stats', 'shop_stat_slots', 'shop_visit_days', 'shop_credit_slots'])
      await sql`drop table ${sql.table(table)}`.execute(db);
    for (const index of ['orders_merchant_paid', 'orders_merchant_rated'])
      await sql`drop index ${sql.id(index)}`.execute(db);
    await db.transaction().execute((tx) => migration008(tx, app.engine));
    const old = await db.selectFrom('shop_stats').select('profit').executeTakeFirstOrThrow();
    expect(Number(old.profit)).toBe(300); // the sold order's 3.00 alone
    await db.transaction().execute((tx) => migration015(tx, app.engine));
    await db.transaction().execute((tx) => migration018(tx, app.engine));
    expect((await checkStats(db)).problems).toEqual([]);
    expect(await dashboardOf(shop)).toEqual(before);
    expect(before).toMatchObject({ total_orders: 1, followers: 2, rating: { average: '3.0', count: 1 } });
    expect(before.credit).toMatchObject({ late_pickups: 2, refunds_lost: 1 });
  });
});
