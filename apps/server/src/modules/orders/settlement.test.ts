import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { AFTER_SALES_MS, orderRoutes } from '@dropdesk/contract/orders';
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { newMerchant } from '../../../test/factories';
import {
  askRefund,
  expectOrdersMatchLedger,
  journalsOf,
  newOrder,
  orderRow,
  type TestOrder,
} from '../../../test/orders';
import { noticesOf } from '../../../test/services';
import { Refusal } from '../../lib/refusal';
import { walletBalance } from '../ledger/ledger';
import { OrderJobs } from './order-jobs';

/**
 * Settlement (order-jobs.ts `settle`) where it can go wrong: a refund asked between the job's read
 * and its claim, an order whose settlement fails (logged, skipped, tried again by the next run),
 * and the app's own timer telling its log. Each test has its own database, so the counts and
 * balances are this test's.
 */
describe(`settlement: races and failures (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
    await t.close();
  });

  const db = () => t.database.db;
  const settledNotices = async (merchantId: number) =>
    (await noticesOf(t, merchantId)).filter((n) => n.type === 'order_settled');
  const setRate = (app: TestApp, bps: number) =>
    app.database.db
      .updateTable('alliance_settings')
      .set({ commission_bps: bps })
      .where('id', '=', 1)
      .execute();
  /**
   * A commission already recorded for `order` (alliance_commissions is unique by order): paying the
   * commission of its settlement fails, so the whole settlement of that order rolls back.
   */
  const breakCommission = (app: TestApp, order: TestOrder, parentId: number) =>
    app.database.db
      .insertInto('alliance_commissions')
      .values({
        parent_id: parentId,
        member_id: order.merchant_id,
        order_id: order.id,
        base: 1,
        rate_bps: 500,
        amount: 1,
        journal_id: null,
        created_at: app.clock.now(),
      })
      .execute();
  const unbreak = (app: TestApp, order: TestOrder) =>
    app.database.db.deleteFrom('alliance_commissions').where('order_id', '=', order.id).execute();

  /** Runs `then` once, right after the first query's rows come back (the job's read of what is due). */
  function afterFirstRead(then: () => Promise<void>): KyselyPlugin {
    let done = false;
    return {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        if (!done) {
          done = true;
          await then();
        }
        return args.result;
      },
    };
  }

  it('a refund asked on another instance after the job read the due orders: the claim refuses it, it waits, nothing is paid or logged', async () => {
    const m = await newMerchant(t, { balance: '100.00' });
    const raced = await newOrder(t, m.id, { status: 3 }); // 11.50
    const plain = await newOrder(t, m.id, { status: 3, quantity: 2 }); // 23.00
    const other = await buildTestApp({}, { shareWith: t });
    try {
      t.clock.advance(AFTER_SALES_MS);
      const now = t.clock.now();
      const before = await walletBalance(db(), m.id);
      const logged: string[] = [];
      let refundId = 0;
      const jobs = new OrderJobs({
        db: db().withPlugin(
          afterFirstRead(async () => {
            refundId = (await askRefund(other, raced, { amount: '3.00' })).id;
          }),
        ),
        clock: t.clock,
        log: (message) => logged.push(message),
      });

      expect(await jobs.settle(now)).toBe(1);
      expect(refundId).toBeGreaterThan(0);
      expect(logged).toEqual([]);
      expect(await orderRow(t, raced.id)).toMatchObject({
        status: 3,
        settlement: 1,
        refund_open: 1,
        settled_amount: 0,
        settled_at: null,
        completed_at: null,
      });
      expect(await orderRow(t, plain.id)).toMatchObject({
        status: 4,
        settlement: 2,
        settled_amount: 2_300,
        settled_at: now,
        completed_at: now,
      });
      expect((await walletBalance(db(), m.id)) - before).toBe(2_300);
      expect(await journalsOf(t, { type: 'order', id: raced.id }, 'settlement')).toEqual([]);
      expect((await settledNotices(m.id)).map((n) => [n.ref_id, n.params.amount])).toEqual([
        [plain.id, '23.00'],
      ]);

      // The merchant approves the 3.00: the refund closes, and the next run settles what is left.
      const approved = await m.client.call(orderRoutes.refundAudit, { id: refundId, action: 'approve' });
      expect(approved.code, approved.raw).toBe(1);
      expect(await new OrderJobs({ db: db(), clock: t.clock }).settle(now)).toBe(1);
      expect(await orderRow(t, raced.id)).toMatchObject({
        status: 4,
        settlement: 2,
        refund_open: 0,
        refunded: 300,
        settled_amount: 850,
      });
      expect((await walletBalance(db(), m.id)) - before).toBe(2_300 + 850);
      expect(await journalsOf(t, { type: 'order', id: raced.id }, 'settlement')).toEqual([
        {
          id: expect.any(Number),
          type: 'settlement',
          merchant_id: m.id,
          postings: { 'platform:escrow': -850, [`wallet:${m.id}`]: 850 },
        },
      ]);
      expect((await settledNotices(m.id)).map((n) => [n.ref_id, n.params.amount])).toEqual([
        [plain.id, '23.00'],
        [raced.id, '8.50'],
      ]);
    } finally {
      await other.close();
    }
  });

  it('an order whose settlement fails is logged by id and skipped, the others settle; the next run tries it again', async () => {
    await setRate(t, 500);
    const parent = await newMerchant(t);
    const m = await newMerchant(t, { parentId: parent.id, balance: '100.00' });
    const first = await newOrder(t, m.id, { status: 3 }); // 11.50
    const broken = await newOrder(t, m.id, { status: 3, quantity: 3 }); // 34.50
    const last = await newOrder(t, m.id, { status: 3, quantity: 2 }); // 23.00
    await breakCommission(t, broken, parent.id);
    t.clock.advance(AFTER_SALES_MS);
    const now = t.clock.now();
    const before = await walletBalance(db(), m.id);
    const logged: Array<[string, unknown]> = [];
    // One order per query: the failed one must not come back in the same run.
    const jobs = new OrderJobs({
      db: db(),
      clock: t.clock,
      batch: 1,
      log: (message, error) => logged.push([message, error]),
    });

    expect(await jobs.settle(now)).toBe(2);
    expect(logged.map(([message]) => message)).toEqual([`order job: order ${broken.id} failed`]);
    expect(logged[0]![1]).toBeInstanceOf(Error);
    expect(logged[0]![1]).not.toBeInstanceOf(Refusal);
    // Rolled back whole: not claimed, not moved, nothing paid, nobody told.
    expect(await orderRow(t, broken.id)).toMatchObject({
      status: 3,
      settlement: 1,
      settled_amount: 0,
      settled_at: null,
      completed_at: null,
    });
    expect(await journalsOf(t, { type: 'order', id: broken.id }, 'settlement')).toEqual([]);
    expect((await settledNotices(m.id)).map((n) => [n.ref_id, n.params.amount])).toEqual([
      [first.id, '11.50'],
      [last.id, '23.00'],
    ]);
    expect((await walletBalance(db(), m.id)) - before).toBe(1_150 + 2_300);
    // 5% of each settled order, rounded half-up: 0.575 → 0.58, 1.15.
    expect(await walletBalance(db(), parent.id)).toBe(58 + 115);

    // A job without a log skips it all the same.
    expect(await new OrderJobs({ db: db(), clock: t.clock }).settle(now)).toBe(0);
    expect((await orderRow(t, broken.id)).status).toBe(3);

    // Repaired, the next run settles it, and pays its commission once.
    await unbreak(t, broken);
    expect(await jobs.settle(now)).toBe(1);
    expect(logged).toHaveLength(1);
    expect(await orderRow(t, broken.id)).toMatchObject({ status: 4, settlement: 2, settled_amount: 3_450 });
    expect((await walletBalance(db(), m.id)) - before).toBe(1_150 + 2_300 + 3_450);
    // 34.50 × 5% = 1.725 → 1.73.
    expect(await walletBalance(db(), parent.id)).toBe(58 + 115 + 173);
    expect(
      (
        await db()
          .selectFrom('alliance_commissions')
          .select(['order_id', 'base', 'amount'])
          .where('parent_id', '=', parent.id)
          .orderBy('order_id')
          .execute()
      ).map((r) => [r.order_id, r.base, r.amount]),
    ).toEqual([
      [first.id, 1_150, 58],
      [broken.id, 3_450, 173],
      [last.id, 2_300, 115],
    ]);
  });

  it("the app's timer writes a failing order to the server log, by id, and settles the others", async () => {
    const lines: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const timed = await buildTestApp(
      { orders: { ...t.config.orders, jobsIntervalMs: 20 } },
      { logger: { level: 'error', stream } },
    );
    try {
      await setRate(timed, 500);
      const parent = await newMerchant(timed);
      const m = await newMerchant(timed, { parentId: parent.id, balance: '100.00' });
      const broken = await newOrder(timed, m.id, { status: 3 });
      const good = await newOrder(timed, m.id, { status: 3 });
      await breakCommission(timed, broken, parent.id);
      timed.clock.advance(AFTER_SALES_MS);
      const failed = `order job: order ${broken.id} failed`;
      // The failure is logged during the run, which goes on to the other order.
      const settled = async () => (await orderRow(timed, good.id)).status === 4;
      for (let i = 0; i < 200 && !(lines.some((l) => l.msg === failed) && (await settled())); i++)
        await sleep(20);
      expect(lines.find((l) => l.msg === failed)).toMatchObject({
        level: 50,
        err: { message: expect.any(String) },
      });
      expect((await orderRow(timed, good.id)).status).toBe(4);
      expect((await orderRow(timed, broken.id)).status).toBe(3);
      await unbreak(timed, broken);
      for (let i = 0; i < 200 && (await orderRow(timed, broken.id)).status === 3; i++) await sleep(20);
      expect((await orderRow(timed, broken.id)).status).toBe(4);
    } finally {
      await timed.close();
    }
  });
});
