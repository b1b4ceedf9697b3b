import { setTimeout as sleep } from 'node:timers/promises';
import { AFTER_SALES_MS, AUTO_CONFIRM_MS } from '@dropdesk/contract/orders';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { newMerchant } from '../../../test/factories';
import {
  askRefund,
  expectOrdersMatchLedger,
  journalsOf,
  newListing,
  newOrder,
  orderRow,
} from '../../../test/orders';
import { noticesOf } from '../../../test/services';
import { walletBalance } from '../ledger/ledger';
import { ORDER_JOBS_LOCK, OrderJobs } from './order-jobs';

/**
 * The clock-driven jobs (order-jobs.ts) on a database of their own per test, so a run's counts are
 * this test's orders: unpaid orders lapse, reached orders confirm themselves, received orders
 * settle; in batches, once however many runs overlap, one instance at a time on PostgreSQL, and on
 * a timer the app starts and stops.
 */
describe(`order jobs (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
    await t.close();
  });

  const jobsOf = (batch?: number) =>
    new OrderJobs({ db: t.database.db, clock: t.clock, ...(batch ? { batch } : {}) });
  const stockOf = async (productId: number) =>
    (
      await t.database.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).stock;

  it('cancelUnpaid: an unpaid order past its deadline is cancelled and its units return; nothing else moves', async () => {
    const m = await newMerchant(t, { balance: '100.00' });
    const listing = await newListing(t, m.id, { stock: 10 });
    const now = t.clock.now();
    const due = await newOrder(t, m.id, { listing, status: 0, quantity: 2, payDeadline: now });
    const notYet = await newOrder(t, m.id, { listing, status: 0, payDeadline: now + 1 });
    const paid = await newOrder(t, m.id, { listing, payDeadline: now - 1 });
    expect(await stockOf(listing.productId)).toBe(6);

    expect(await jobsOf().cancelUnpaid(now)).toBe(1);
    expect(await orderRow(t, due.id)).toMatchObject({ status: -1, cancelled_at: now, refunded: 0 });
    expect((await orderRow(t, notYet.id)).status).toBe(0);
    expect((await orderRow(t, paid.id)).status).toBe(5);
    expect(await stockOf(listing.productId)).toBe(8);
    const events = await t.database.db
      .selectFrom('order_events')
      .select('status')
      .where('order_id', '=', due.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.status)).toEqual([0, -1]);
    // Run again: nothing more.
    expect(await jobsOf().cancelUnpaid(now)).toBe(0);
    expect(await stockOf(listing.productId)).toBe(8);
  });

  it('autoConfirm: reached 7 days ago → received, settlement pending with the after-sales window', async () => {
    const m = await newMerchant(t, { balance: '100.00' });
    const reached = await newOrder(t, m.id, { status: 7 });
    t.clock.advance(1);
    const later = await newOrder(t, m.id, { status: 7 });
    const shipped = await newOrder(t, m.id, { status: 2 });
    t.clock.advance(AUTO_CONFIRM_MS - 1);
    const now = t.clock.now();
    expect(await jobsOf().autoConfirm(now)).toBe(1);
    expect(await orderRow(t, reached.id)).toMatchObject({
      status: 3,
      received_at: now,
      settlement: 1,
      settles_at: now + AFTER_SALES_MS,
    });
    expect(await orderRow(t, later.id)).toMatchObject({ status: 7, settlement: 0 });
    expect((await orderRow(t, shipped.id)).status).toBe(2);
    t.clock.advance(1);
    expect(await jobsOf().autoConfirm(t.clock.now())).toBe(1);
    expect((await orderRow(t, later.id)).status).toBe(3);
  });

  it('settle: what the buyer paid less refunds into the wallet, completed, told; an open refund waits', async () => {
    const m = await newMerchant(t, { balance: '100.00' });
    const plain = await newOrder(t, m.id, { status: 3, quantity: 2 }); // 23.00
    const refunded = await newOrder(t, m.id, { status: 3 });
    const held = await newOrder(t, m.id, { status: 3 });
    await askRefund(t, held);
    // A refund approved earlier: 2.00 back to the buyer.
    const refund = await askRefund(t, refunded, { amount: '2.00' });
    await t.database.db.transaction().execute(async (tx) => {
      const { payRefund } = await import('./refunds.service');
      await tx.updateTable('refunds').set({ status: 'approved' }).where('id', '=', refund.id).execute();
      await payRefund(tx, { ...refund, status: 'approved' }, t.clock.now());
    });
    t.clock.advance(AFTER_SALES_MS - 1);
    expect(await jobsOf().settle(t.clock.now())).toBe(0);
    const before = await walletBalance(t.database.db, m.id);
    t.clock.advance(1);
    const now = t.clock.now();
    expect(await jobsOf().settle(now)).toBe(2);

    expect(await orderRow(t, plain.id)).toMatchObject({
      status: 4,
      settlement: 2,
      completed_at: now,
      settled_at: now,
      settled_amount: 2_300,
    });
    expect(await orderRow(t, refunded.id)).toMatchObject({ status: 4, settled_amount: 950, refunded: 200 });
    expect(await orderRow(t, held.id)).toMatchObject({ status: 3, settlement: 1, refund_open: 1 });
    expect((await walletBalance(t.database.db, m.id)) - before).toBe(2_300 + 950);
    expect(await journalsOf(t, { type: 'order', id: plain.id }, 'settlement')).toEqual([
      {
        id: expect.any(Number),
        type: 'settlement',
        merchant_id: m.id,
        postings: { 'platform:escrow': -2_300, [`wallet:${m.id}`]: 2_300 },
      },
    ]);
    expect((await noticesOf(t, m.id)).filter((n) => n.type === 'order_settled')).toEqual([
      {
        type: 'order_settled',
        title_key: 'notice.order_settled',
        params: { order_no: plain.order_no, amount: '23.00' },
        ref_type: 'order',
        ref_id: plain.id,
      },
      {
        type: 'order_settled',
        title_key: 'notice.order_settled',
        params: { order_no: refunded.order_no, amount: '9.50' },
        ref_type: 'order',
        ref_id: refunded.id,
      },
    ]);
  });

  it('moves every due order in batches, and overlapping runs move each order once', async () => {
    const m = await newMerchant(t, { balance: '200.00' });
    const listing = await newListing(t, m.id, { stock: 100 });
    const orders = [];
    for (let i = 0; i < 7; i++) orders.push(await newOrder(t, m.id, { listing, status: 3 }));
    for (let i = 0; i < 5; i++) orders.push(await newOrder(t, m.id, { listing, status: 7 }));
    t.clock.advance(AUTO_CONFIRM_MS + AFTER_SALES_MS);

    // Three instances' runs at once, small batches: on PostgreSQL the lock lets one run; on SQLite
    // all run and the conditional moves keep each order to one.
    const reports = await Promise.all([jobsOf(2).runOnce(), jobsOf(3).runOnce(), jobsOf(2).runOnce()]);
    const ran = reports.filter((x) => x.ran);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.reduce((n, x) => n + x.settled, 0)).toBe(7);
    expect(ran.reduce((n, x) => n + x.confirmed, 0)).toBe(5);
    for (const o of orders.slice(0, 7)) {
      expect((await orderRow(t, o.id)).status).toBe(4);
      expect(await journalsOf(t, { type: 'order', id: o.id }, 'settlement')).toHaveLength(1);
    }
    for (const o of orders.slice(7)) expect((await orderRow(t, o.id)).status).toBe(3);
    // The confirmed ones settle three days after their confirmation.
    t.clock.advance(AFTER_SALES_MS);
    expect(await jobsOf(2).runOnce()).toMatchObject({ ran: true, settled: 5 });
  });

  it('one run at a time in a process: a second call shares the run in progress', async () => {
    const jobs = jobsOf();
    const [first, second] = [jobs.runOnce(), jobs.runOnce()];
    expect(second).toBe(first);
    expect(await first).toEqual({ ran: true, cancelled: 0, confirmed: 0, settled: 0, promotionsEnded: 0 });
  });

  it('PostgreSQL: while another instance holds the advisory lock, a run does nothing', async () => {
    if (t.engine !== 'postgres') return expect(t.engine).toBe('sqlite');
    const m = await newMerchant(t, { balance: '100.00' });
    const order = await newOrder(t, m.id, { status: 0, payDeadline: t.clock.now() });
    await t.database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${ORDER_JOBS_LOCK})`.execute(conn);
      try {
        expect(await jobsOf().runOnce()).toEqual({
          ran: false,
          cancelled: 0,
          confirmed: 0,
          settled: 0,
          promotionsEnded: 0,
        });
        expect((await orderRow(t, order.id)).status).toBe(0);
      } finally {
        await sql`select pg_advisory_unlock(${ORDER_JOBS_LOCK})`.execute(conn);
      }
    });
    expect(await jobsOf().runOnce()).toMatchObject({ ran: true, cancelled: 1 });
  });

  it('the app runs the jobs on its timer when ORDER_JOBS_SECONDS is set, and stops on close', async () => {
    const timed = await buildTestApp({ orders: { ...t.config.orders, jobsIntervalMs: 20 } });
    try {
      const m = await newMerchant(timed, { balance: '10.00' });
      const order = await newOrder(timed, m.id, { status: 0, payDeadline: timed.clock.now() });
      for (let i = 0; i < 200 && (await orderRow(timed, order.id)).status === 0; i++) await sleep(20);
      expect((await orderRow(timed, order.id)).status).toBe(-1);
    } finally {
      await timed.close();
    }
  });
});
