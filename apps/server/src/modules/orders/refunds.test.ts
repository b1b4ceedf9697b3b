import { randomUUID } from 'node:crypto';
import { AFTER_SALES_MS, orderRoutes as r } from '@dropdesk/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant } from '../../../test/factories';
import {
  askRefund,
  expectOrdersMatchLedger,
  journalsOf,
  newListing,
  newOrder,
  orderRow,
} from '../../../test/orders';
import { balanceOf } from '../../../test/wallet';
import { OrderJobs } from './order-jobs';

/**
 * Refunds on the merchant's side (contract `refundOrder`, `refundAudit`): the list, and a decision
 * taken once, with the money each one moves (docs/design.md §5 "Refunds"): from escrow to the buyer, and the
 * cost back to the wallet when the goods never left. And the refund that races the settlement.
 */
describe(`refunds (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
  });
  afterAll(() => t.close());

  const ready = (balance = '100.00') => newMerchant(t, { balance, payPassword: '123456' });
  const decide = (
    m: { client: Client },
    id: number,
    action: 'approve' | 'reject',
    reason?: string,
    key?: string,
  ) =>
    m.client.call(
      r.refundAudit,
      { id, action, ...(reason === undefined ? {} : { reason }) },
      key ? { idempotencyKey: key } : {},
    );
  const stockOf = async (productId: number) =>
    (
      await t.database.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).stock;

  const salesOf = async (listing: { productId: number; listingId: number }) => {
    const db = t.database.db;
    const product = await db
      .selectFrom('products')
      .select('sales')
      .where('id', '=', listing.productId)
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('listings')
      .select('sales')
      .where('id', '=', listing.listingId)
      .executeTakeFirstOrThrow();
    return { product: product.sales, listing: row.sales };
  };

  it('refund_order: the shop’s refunds newest first with their order, filtered by status', async () => {
    const m = await ready();
    const o1 = await newOrder(t, m.id, { status: 2 });
    const o2 = await newOrder(t, m.id, { status: 7 });
    const r1 = await askRefund(t, o1, { amount: '5.00', reason: 'Scratched', goodsReceived: false });
    t.clock.advance(1_000);
    const r2 = await askRefund(t, o2, { goodsReceived: true });
    await askRefund(t, await newOrder(t, (await ready()).id, { status: 2 }));
    await decide(m, r1.id, 'reject', 'Photos show no scratch');

    const res = await m.client.call(r.refundOrder, {});
    expect(res.code, res.raw).toBe(1);
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((x) => x.id)).toEqual([r2.id, r1.id]);
    expect(res.data.list[1]).toEqual({
      id: r1.id,
      order_id: o1.id,
      order_no: o1.order_no,
      title: o1.title,
      order_total: '11.50',
      amount: '5.00',
      reason: 'Scratched',
      goods_received: false,
      status: 'rejected',
      reject_reason: 'Photos show no scratch',
      appeal_statement: null,
      decision_reason: null,
      created_at: new Date(r1.created_at).toISOString(),
      resolved_at: expect.any(String),
    });
    expect(res.data.list[0]).toMatchObject({ amount: '11.50', goods_received: true, status: 'pending' });
    const pending = await m.client.call(r.refundOrder, { status: 'pending' });
    expect(pending.data.list.map((x) => x.id)).toEqual([r2.id]);
    const paged = await m.client.call(r.refundOrder, { page: '2', limit: '1' });
    expect(paged.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.data.list.map((x) => x.id)).toEqual([r1.id]);

    for (const [query, field] of [
      [{ status: 'done' }, 'status'],
      [{ page: '0' }, 'page'],
      [{ limit: 'all' }, 'limit'],
      [{ order_id: '1' }, 'order_id'],
    ] as const) {
      expectRefusal(await m.client.get(r.refundOrder.path, query), 'INVALID_INPUT', field);
    }
  });

  it('approve after shipping: the amount from escrow to the buyer, the order goes on and settles for the rest', async () => {
    const m = await ready('50.00');
    const order = await newOrder(t, m.id, { status: 2, quantity: 2 }); // 23.00 paid, 20.00 cost paid
    const refund = await askRefund(t, order, { amount: '4.00' });
    const res = await decide(m, refund.id, 'approve');
    expect(res.code, res.raw).toBe(1);
    expect(res.data.refund).toMatchObject({ id: refund.id, status: 'approved', amount: '4.00' });
    expect(res.data.order).toMatchObject({
      status: 2,
      refunded: '4.00',
      earnings: '-1.00',
      refund_status: 'approved',
    });
    expect(res.data.balance).toBe('30.00');
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 2,
      refunded: 400,
      refund_open: 0,
      cost_returned: 0,
    });
    expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([
      {
        id: expect.any(Number),
        type: 'refund',
        merchant_id: m.id,
        postings: { 'platform:escrow': -400, 'platform:payout_clearing': 400 },
      },
    ]);
    const row = await t.database.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refund.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', resolved_at: t.clock.now() });
    expect(row.journal_id).toBeGreaterThan(0);

    // On to settlement: the wallet gets what the buyer paid less the refund; profit = 23 − 20 − 4.
    const jobs = new OrderJobs({ db: t.database.db, clock: t.clock });
    await t.database.db
      .updateTable('orders')
      .set({
        status: 3,
        settlement: 1,
        received_at: t.clock.now(),
        settles_at: t.clock.now() + AFTER_SALES_MS,
      })
      .where('id', '=', order.id)
      .execute();
    t.clock.advance(AFTER_SALES_MS);
    await jobs.settle(t.clock.now());
    m.client.token = await t.app.sessions.open({ type: 'merchant', id: m.id });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 4, settlement: 2, settled_amount: 1_900 });
    expect(await balanceOf(m)).toBe('49.00');
    const detail = await m.client.call(r.detail, { id: String(order.id) });
    expect(detail.data.money).toMatchObject({
      paid: '23.00',
      refunded: '4.00',
      settled: '19.00',
      profit: '-1.00',
      in_escrow: '0.00',
    });
  });

  it('approve before shipping cancels the order: the buyer gets all back, the cost returns, the stock too', async () => {
    const m = await ready('50.00');
    const listing = await newListing(t, m.id, { cost: '10.00', stock: 10 });
    const order = await newOrder(t, m.id, { listing, status: 1, quantity: 3 }); // 34.50 paid, 30.00 cost
    expect(await stockOf(listing.productId)).toBe(7);
    expect(await salesOf(listing)).toEqual({ product: 3, listing: 3 });
    expect(await balanceOf(m)).toBe('20.00');
    const refund = await askRefund(t, order, { amount: '10.00' });
    t.clock.advance(1_000);
    const res = await decide(m, refund.id, 'approve');
    expect(res.code, res.raw).toBe(1);
    expect(res.data.balance).toBe('50.00');
    expect(res.data.order).toMatchObject({ status: -1, refunded: '34.50', earnings: '0.00', settlement: 0 });
    expect(await orderRow(t, order.id)).toMatchObject({
      status: -1,
      cancelled_at: t.clock.now(),
      refunded: 3_450,
      cost_paid: 3_000,
      cost_returned: 3_000,
      settlement: 0,
      refund_open: 0,
    });
    expect(await stockOf(listing.productId)).toBe(10);
    expect(await salesOf(listing)).toEqual({ product: 0, listing: 0 });
    expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([
      {
        id: expect.any(Number),
        type: 'refund',
        merchant_id: m.id,
        postings: {
          'platform:escrow': -3_450,
          'platform:payout_clearing': 3_450,
          'platform:supplier_payable': -3_000,
          [`wallet:${m.id}`]: 3_000,
        },
      },
    ]);
    const detail = await m.client.call(r.detail, { id: String(order.id) });
    expect(detail.data.money).toMatchObject({
      cost_paid: '30.00',
      cost_returned: '30.00',
      in_escrow: '0.00',
      profit: '0.00',
    });
    expect(detail.data.timeline.at(-1)).toMatchObject({ status: -1 });
  });

  it('approve before pickup cancels the order with no cost to return', async () => {
    const m = await ready('10.00');
    const listing = await newListing(t, m.id, { stock: 5 });
    const order = await newOrder(t, m.id, { listing });
    const refund = await askRefund(t, order);
    const res = await decide(m, refund.id, 'approve');
    expect(res.data).toMatchObject({ balance: '10.00', order: { status: -1, refunded: '11.50' } });
    expect(await stockOf(listing.productId)).toBe(5);
    expect(Object.keys((await journalsOf(t, { type: 'refund', id: refund.id }))[0]!.postings).sort()).toEqual(
      ['platform:escrow', 'platform:payout_clearing'],
    );
  });

  it('reject keeps the reason, moves no money and closes the open refund', async () => {
    const m = await ready('30.00');
    const order = await newOrder(t, m.id, { status: 7 });
    const refund = await askRefund(t, order);
    expectRefusal(await decide(m, refund.id, 'reject'), 'INVALID_INPUT', 'reason');
    expectRefusal(await decide(m, refund.id, 'reject', ''), 'INVALID_INPUT', 'reason');
    const res = await decide(m, refund.id, 'reject', 'The buyer signed for it in good order');
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      refund: { status: 'rejected', reject_reason: 'The buyer signed for it in good order' },
      order: { status: 7, refunded: '0.00', refund_status: 'rejected' },
      balance: '20.00',
    });
    expect(await orderRow(t, order.id)).toMatchObject({ refund_open: 0, refunded: 0 });
    expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([]);
  });

  it('a refund is decided once: twice, racing, another shop’s, a missing one', async () => {
    const m = await ready('100.00');
    const order = await newOrder(t, m.id, { status: 2 });
    const refund = await askRefund(t, order, { amount: '2.00' });
    expect((await decide(m, refund.id, 'approve')).code).toBe(1);
    expectRefusal(await decide(m, refund.id, 'approve'), 'ALREADY_RESOLVED');
    expectRefusal(await decide(m, refund.id, 'reject', 'No'), 'ALREADY_RESOLVED');

    const other = await ready();
    expectRefusal(await decide(other, refund.id, 'approve'), 'NOT_FOUND');
    expectRefusal(await decide(m, 99_999_999, 'approve'), 'NOT_FOUND');
    const theirs = await askRefund(t, await newOrder(t, other.id, { status: 2 }));
    expectRefusal(await decide(m, theirs.id, 'reject', 'Not mine'), 'NOT_FOUND');
    expect(
      (
        await t.database.db
          .selectFrom('refunds')
          .select('status')
          .where('id', '=', theirs.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending');

    // Approvals and rejections at once: one wins, one journal at most.
    for (let round = 0; round < 5; round++) {
      const o = await newOrder(t, m.id, { status: 6 });
      const rf = await askRefund(t, o, { amount: '1.00' });
      const results = await Promise.all([
        decide(m, rf.id, 'approve'),
        decide(m, rf.id, 'reject', 'Too late'),
        decide(m, rf.id, 'approve'),
        decide(m, rf.id, 'reject', 'Too late'),
      ]);
      expect(results.filter((x) => x.code === 1)).toHaveLength(1);
      for (const x of results.filter((y) => y.code !== 1)) expectRefusal(x, 'ALREADY_RESOLVED');
      const journals = await journalsOf(t, { type: 'refund', id: rf.id });
      const row = await orderRow(t, o.id);
      expect(journals).toHaveLength(row.refunded === 100 ? 1 : 0);
    }
  });

  it('refund_audit: a retry with its key replays; bad bodies and a closed shop are refused', async () => {
    const m = await ready('50.00');
    const refund = await askRefund(t, await newOrder(t, m.id, { status: 2 }), { amount: '3.00' });
    const key = randomUUID();
    const first = await decide(m, refund.id, 'approve', undefined, key);
    const again = await decide(m, refund.id, 'approve', undefined, key);
    expect(first.code, first.raw).toBe(1);
    expect(again.raw).toBe(first.raw);
    expect(await journalsOf(t, { type: 'refund', id: refund.id })).toHaveLength(1);

    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ action: 'approve' }, 'INVALID_INPUT', 'id'],
      [{ id: 0, action: 'approve' }, 'INVALID_INPUT', 'id'],
      [{ id: refund.id }, 'INVALID_INPUT', 'action'],
      [{ id: refund.id, action: 'refund' }, 'INVALID_INPUT', 'action'],
      [{ id: refund.id, action: 'reject', reason: 'x'.repeat(501) }, 'INVALID_INPUT', 'reason'],
      [{ id: refund.id, action: 'approve', amount: '1.00' }, 'INVALID_INPUT', 'amount'],
    ];
    for (const [body, key2, field] of bad) {
      const res = await m.client.post(r.refundAudit.path, body, {
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expectRefusal(res, key2, field, JSON.stringify(body).slice(0, 60));
    }
    expectRefusal(
      await m.client.call(r.refundAudit, { id: refund.id, action: 'approve' }, { idempotencyKey: null }),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    const pending = await askRefund(t, await newOrder(t, m.id, { status: 2 }));
    await t.database.db.updateTable('merchants').set({ status: 'closed' }).where('id', '=', m.id).execute();
    expectRefusal(await decide(m, pending.id, 'approve'), 'SHOP_CLOSED');
  });

  it('a refund asked as the settlement runs: never both, many times over', async () => {
    const m = await ready('500.00');
    const jobs = new OrderJobs({ db: t.database.db, clock: t.clock });
    const listing = await newListing(t, m.id, { stock: 1_000 });
    let asked = 0;
    let settled = 0;
    for (let round = 0; round < 20; round++) {
      const order = await newOrder(t, m.id, { listing, status: 3 });
      t.clock.advance(AFTER_SALES_MS);
      // Every other ask starts a tick after the run, so both orders of arrival occur.
      const [ask] = await Promise.all([
        (round % 2 === 0 ? Promise.resolve() : new Promise((go) => setImmediate(go)))
          .then(() => askRefund(t, order, { amount: '1.00' }))
          .then(
            (refund) => refund,
            (error: unknown) => error as Error,
          ),
        jobs.settle(t.clock.now()),
      ]);
      const row = await orderRow(t, order.id);
      const refundRows = await t.database.db
        .selectFrom('refunds')
        .select('id')
        .where('order_id', '=', order.id)
        .execute();
      if (ask instanceof Error) {
        expect(ask.message).toBe('ORDER_STATUS_CHANGED');
        expect(row).toMatchObject({ status: 4, settlement: 2, refund_open: 0, settled_amount: order.total });
        expect(refundRows).toEqual([]);
        settled++;
      } else {
        expect(row).toMatchObject({ status: 3, settlement: 1, refund_open: 1, settled_amount: 0 });
        expect(refundRows).toHaveLength(1);
        asked++;
        // The approval then settles for the rest at the next run.
        m.client.token = await t.app.sessions.open({ type: 'merchant', id: m.id });
        await Promise.all([decide(m, ask.id, 'approve'), jobs.settle(t.clock.now())]);
        await jobs.settle(t.clock.now());
        expect(await orderRow(t, order.id)).toMatchObject({
          status: 4,
          refunded: 100,
          settled_amount: order.total - 100,
        });
      }
    }
    expect(asked + settled).toBe(20);
  });
});
