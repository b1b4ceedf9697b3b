import { AFTER_SALES_MS, adminOrderRoutes as a, orderRoutes as r } from '@dropdesk/contract/orders';
import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import type { Client } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import {
  appealRefund,
  askRefund,
  expectOrdersMatchLedger,
  journalsOf,
  newListing,
  newOrder,
  orderRow,
} from '../../../test/orders';
import { auditSince, lastAuditId, noticesOf } from '../../../test/services';
import { balanceOf } from '../../../test/wallet';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { OrderJobs } from './order-jobs';
import { payRefund } from './refunds.service';
import { moveOrder } from './transitions';

/**
 * A Kysely plugin that hands `onRead` each order row payRefund reads (repo.byId: the order with its
 * refund's status) as the read returns, before payRefund gets it. What `onRead` writes through the
 * plain transaction is queued on its connection right behind that read, so it reaches the real
 * database before payRefund's next statement: what another request would commit between payRefund's
 * read and its UPDATE. (A plugin cannot wait for a statement of its own transaction, whose connection
 * is still busy with the read; `writes` holds them for the caller to wait for.)
 */
function onOrderRead(
  onRead: (row: OrderRow) => Promise<unknown> | undefined,
  writes: Promise<unknown>[],
): KyselyPlugin {
  return {
    transformQuery: ({ node }) => node,
    async transformResult({ result }) {
      const row = result.rows[0];
      if (row && 'refund_status' in row && 'order_no' in row) {
        const write = onRead(row as unknown as OrderRow);
        if (write) writes.push(write);
      }
      return result;
    },
  };
}

/**
 * The figures a refund leaves, exactly, where the merchant and the operator read them:
 * the order's earnings in the decision's answer and the list, the money trail of its detail and of
 * the appeals queue, the wallet, the journals, the operator's audit entry and the merchant's notice.
 */
describe(`refund figures (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
  });
  afterAll(() => t.close());

  const ready = (balance: string) => newMerchant(t, { balance, payPassword: '123456' });
  const approve = (m: { client: Client }, id: number) =>
    m.client.call(r.refundAudit, { id, action: 'approve' });
  const rejectAndAppeal = async (m: { client: Client }, id: number) => {
    expect((await m.client.call(r.refundAudit, { id, action: 'reject', reason: 'Not agreed' })).code).toBe(1);
    await appealRefund(t, id, 'It never came');
  };
  /** The order received, its after-sales window over, and the settlement run. */
  const settle = async (orderId: number) => {
    const now = t.clock.now();
    await t.database.db
      .updateTable('orders')
      .set({ status: 3, settlement: 1, received_at: now, settles_at: now + AFTER_SALES_MS })
      .where('id', '=', orderId)
      .execute();
    t.clock.advance(AFTER_SALES_MS);
    await new OrderJobs({ db: t.database.db, clock: t.clock }).settle(t.clock.now());
  };
  const detailOf = async (m: { id: number; client: Client }, id: number) => {
    m.client.token = await t.app.sessions.open({ type: 'merchant', id: m.id });
    const res = await m.client.call(r.detail, { id: String(id) });
    expect(res.code, res.raw).toBe(1);
    return res.data;
  };

  it('approved after shipping in full: the cost stays paid, nothing settles, the order loses its cost', async () => {
    const m = await ready('50.00');
    const order = await newOrder(t, m.id, { status: 2 }); // 11.50 paid, 10.00 cost paid
    expect(await balanceOf(m)).toBe('40.00');
    const refund = await askRefund(t, order); // 11.50
    const res = await approve(m, refund.id);
    expect(res.code, res.raw).toBe(1);
    expect(res.data.order).toMatchObject({
      status: 2,
      total: '11.50',
      refunded: '11.50',
      earnings: '-10.00',
    });
    expect(res.data.balance).toBe('40.00');
    expect(await orderRow(t, order.id)).toMatchObject({
      refunded: 1_150,
      cost_paid: 1_000,
      cost_returned: 0,
    });

    await settle(order.id);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 4, settlement: 2, settled_amount: 0 });
    expect(await journalsOf(t, { type: 'order', id: order.id }, 'settlement')).toEqual([]);
    expect(await balanceOf(m)).toBe('40.00');
    const detail = await detailOf(m, order.id);
    expect(detail).toMatchObject({ earnings: '-10.00', refunded: '11.50', status: 4 });
    expect(detail.money).toMatchObject({
      paid: '11.50',
      in_escrow: '0.00',
      cost_paid: '10.00',
      cost_returned: '0.00',
      refunded: '11.50',
      settled: '0.00',
      sales: '0.00',
      cost: '10.00',
      cost_estimated: false,
      cost_kept: 'shipped',
      profit: '-10.00',
      profit_final: true,
    });
  });

  it('approved in part after shipping: earnings and the wallet before and after the settlement', async () => {
    const m = await ready('50.00');
    const order = await newOrder(t, m.id, { status: 7, quantity: 3 }); // 34.50 paid, 30.00 cost paid
    const refund = await askRefund(t, order, { amount: '2.50' });
    const res = await approve(m, refund.id);
    expect(res.data).toMatchObject({
      refund: { status: 'approved', amount: '2.50', order_total: '34.50' },
      order: { status: 7, refunded: '2.50', earnings: '2.00', refund_status: 'approved' },
      balance: '20.00',
    });
    const list = await m.client.call(r.list, {});
    expect(list.data.list.find((o) => o.id === order.id)).toMatchObject({
      refunded: '2.50',
      earnings: '2.00',
    });
    const before = await detailOf(m, order.id);
    expect(before.money).toMatchObject({
      in_escrow: '32.00',
      refunded: '2.50',
      settled: '0.00',
      sales: '32.00',
      cost: '30.00',
      cost_kept: 'shipped',
      profit: '2.00',
      profit_final: false,
    });

    await settle(order.id);
    expect(await balanceOf(m)).toBe('52.00');
    expect(await journalsOf(t, { type: 'order', id: order.id }, 'settlement')).toEqual([
      {
        id: expect.any(Number),
        type: 'settlement',
        merchant_id: m.id,
        postings: { 'platform:escrow': -3_200, [`wallet:${m.id}`]: 3_200 },
      },
    ]);
    const after = await detailOf(m, order.id);
    expect(after.money).toMatchObject({
      in_escrow: '0.00',
      settled: '32.00',
      profit: '2.00',
      profit_final: true,
    });
  });

  it('approved before pickup: cancelled, all of it back to the buyer, no cost to return, earnings 0', async () => {
    const m = await ready('10.00');
    const order = await newOrder(t, m.id, { quantity: 2 }); // 23.00 paid, not picked up
    const refund = await askRefund(t, order, { amount: '5.00' });
    const res = await approve(m, refund.id);
    expect(res.data).toMatchObject({
      refund: { amount: '5.00', status: 'approved' },
      order: { status: -1, refunded: '23.00', earnings: '0.00', settlement: 0 },
      balance: '10.00',
    });
    expect(await orderRow(t, order.id)).toMatchObject({ refunded: 2_300, cost_paid: 0, cost_returned: 0 });
    expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([
      {
        id: expect.any(Number),
        type: 'refund',
        merchant_id: m.id,
        postings: { 'platform:escrow': -2_300, 'platform:payout_clearing': 2_300 },
      },
    ]);
    const detail = await detailOf(m, order.id);
    expect(detail.money).toMatchObject({
      paid: '23.00',
      in_escrow: '0.00',
      refunded: '23.00',
      sales: '0.00',
      cost: '0.00',
      cost_estimated: false,
      cost_kept: null,
      profit: '0.00',
      profit_final: true,
    });
  });

  it('the appeals queue shows where each order’s money is; arbitration’s audit entry and notice say what moved', async () => {
    const support = await newOperator(t, 'support'); // signed in now: the settlements above moved the clock
    const m = await ready('50.00');
    const shipped = await newOrder(t, m.id, { status: 2, quantity: 2 }); // 23.00, 20.00 cost paid
    const listing = await newListing(t, m.id, { cost: '10.00', stock: 5 });
    const unshipped = await newOrder(t, m.id, { listing, status: 1 }); // 11.50, 10.00 cost paid
    expect(await balanceOf(m)).toBe('20.00');
    const r1 = await askRefund(t, shipped, { amount: '3.00' });
    const r2 = await askRefund(t, unshipped, { amount: '1.00' });
    await rejectAndAppeal(m, r1.id);
    await rejectAndAppeal(m, r2.id);

    const queue = await support.call(a.appeals, { limit: '100' });
    expect(queue.code, queue.raw).toBe(1);
    const mine = queue.data.list.filter((x) => x.merchant_id === m.id);
    expect(
      mine.map((x) => [x.id, x.order_status, x.money.in_escrow, x.money.cost_paid, x.money.profit]),
    ).toEqual([
      [r1.id, 2, '23.00', '20.00', '3.00'],
      [r2.id, 1, '11.50', '10.00', '1.50'],
    ]);

    const since = await lastAuditId(t);
    for (const [id, reason] of [
      [r1.id, 'Photos show the damage'],
      [r2.id, 'Never shipped'],
    ] as const) {
      const res = await support.call(a.arbitrate, { id, decision: 'refund', reason });
      expect(res.code, res.raw).toBe(1);
    }
    const [j1] = await journalsOf(t, { type: 'refund', id: r1.id });
    const [j2] = await journalsOf(t, { type: 'refund', id: r2.id });
    expect(j1!.postings).toEqual({ 'platform:escrow': -300, 'platform:payout_clearing': 300 });
    expect(j2!.postings).toEqual({
      'platform:escrow': -1_150,
      'platform:payout_clearing': 1_150,
      'platform:supplier_payable': -1_000,
      [`wallet:${m.id}`]: 1_000,
    });
    expect(await balanceOf(m)).toBe('30.00');
    const entries = await auditSince(t, since);
    expect(entries.map((e) => [e.action, e.target_id, e.after, e.detail])).toEqual([
      [
        'refund.arbitrate.refund',
        String(r1.id),
        { status: 'appeal_refunded', decision_reason: 'Photos show the damage', journal_id: j1!.id },
        { order_id: shipped.id, order_refunded: '3.00' },
      ],
      [
        'refund.arbitrate.refund',
        String(r2.id),
        { status: 'appeal_refunded', decision_reason: 'Never shipped', journal_id: j2!.id },
        // Cancelled: the buyer got back all they paid, not only the 1.00 asked.
        { order_id: unshipped.id, order_refunded: '11.50' },
      ],
    ]);
    expect(
      (await noticesOf(t, m.id))
        .filter((n) => n.type === 'refund_arbitrated')
        .map((n) => [n.ref_type, n.ref_id, n.params]),
    ).toEqual([
      [
        'refund',
        r1.id,
        { order_no: shipped.order_no, decision: 'refund', amount: '3.00', reason: 'Photos show the damage' },
      ],
      [
        'refund',
        r2.id,
        { order_no: unshipped.order_no, decision: 'refund', amount: '1.00', reason: 'Never shipped' },
      ],
    ]);

    // Decided on appeal, they stay in the unfiltered queue, and in their state's.
    const all = await support.call(a.appeals, { limit: '100' });
    expect(all.data.list.filter((x) => x.merchant_id === m.id).map((x) => [x.id, x.status])).toEqual([
      [r1.id, 'appeal_refunded'],
      [r2.id, 'appeal_refunded'],
    ]);
    const decided = await support.call(a.appeals, { status: 'appeal_refunded', limit: '100' });
    const now = decided.data.list.filter((x) => x.merchant_id === m.id);
    expect(now.map((x) => [x.id, x.status, x.order_status])).toEqual([
      [r1.id, 'appeal_refunded', 2],
      [r2.id, 'appeal_refunded', -1],
    ]);
    expect(now[0]!.money).toMatchObject({
      in_escrow: '20.00',
      refunded: '3.00',
      cost_paid: '20.00',
      cost_returned: '0.00',
      sales: '20.00',
      profit: '0.00',
      cost_kept: 'shipped',
    });
    expect(now[1]!.money).toMatchObject({
      in_escrow: '0.00',
      refunded: '11.50',
      cost_paid: '10.00',
      cost_returned: '10.00',
      sales: '0.00',
      cost: '0.00',
      profit: '0.00',
      cost_kept: null,
      profit_final: true,
    });
  });

  it('arbitration against the buyer: no money, the audit entry says so, the order’s figures unchanged', async () => {
    const support = await newOperator(t, 'support');
    const m = await ready('50.00');
    const order = await newOrder(t, m.id, { status: 7 }); // 11.50, 10.00 cost paid
    const refund = await askRefund(t, order, { amount: '4.00' });
    await rejectAndAppeal(m, refund.id);
    const since = await lastAuditId(t);
    const res = await support.call(a.arbitrate, { id: refund.id, decision: 'reject', reason: 'Signed for' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ status: 'appeal_rejected', amount: '4.00', order_total: '11.50' });
    const [entry] = await auditSince(t, since);
    expect(entry).toMatchObject({
      action: 'refund.arbitrate.reject',
      after: { status: 'appeal_rejected', decision_reason: 'Signed for', journal_id: null },
      detail: { order_id: order.id, order_refunded: '0.00' },
    });
    expect(
      (await noticesOf(t, m.id)).filter((n) => n.type === 'refund_arbitrated').map((n) => n.params),
    ).toEqual([{ order_no: order.order_no, decision: 'reject', amount: '4.00', reason: 'Signed for' }]);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 7, refunded: 0, refund_open: 0 });
    expect((await detailOf(m, order.id)).money).toMatchObject({ in_escrow: '11.50', profit: '1.50' });
    const all = await support.call(a.appeals, { limit: '100' });
    expect(all.data.list.filter((x) => x.merchant_id === m.id).map((x) => [x.id, x.status])).toEqual([
      [refund.id, 'appeal_rejected'],
    ]);
  });

  describe('a refund paid while another request moves its order', () => {
    /** payRefund as the approval runs it, the refund approved, with `onRead` between read and UPDATE. */
    const payWatched = (
      refund: { id: number },
      onRead: (tx: Db, row: OrderRow) => Promise<unknown> | undefined,
    ) =>
      t.database.db.transaction().execute(async (tx) => {
        const approved = await tx
          .updateTable('refunds')
          .set({ status: 'approved', resolved_at: t.clock.now() })
          .where('id', '=', refund.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const writes: Promise<unknown>[] = [];
        try {
          return await payRefund(
            tx.withPlugin(onOrderRead((row) => onRead(tx, row), writes)),
            approved,
            t.clock.now(),
          );
        } finally {
          await Promise.all(writes);
        }
      });

    it('shipped after the refund read it: paid as after shipping, the amount only, the cost stays paid', async () => {
      const m = await ready('50.00');
      const listing = await newListing(t, m.id, { cost: '10.00', stock: 5 });
      const order = await newOrder(t, m.id, { listing, status: 1 }); // 11.50 paid, 10.00 cost paid
      const refund = await askRefund(t, order, { amount: '4.00' });
      const seen: number[] = [];
      const paid = await payWatched(refund, (tx, row) => {
        seen.push(row.status);
        if (row.status === 1)
          return moveOrder(
            tx,
            row.id,
            {},
            { from: [1], to: 2, set: { carrier: 'GHN', tracking_no: 'GHN1', shipped_at: t.clock.now() } },
            t.clock.now(),
          );
      });
      expect(seen).toEqual([1, 2]);
      expect(paid.order).toMatchObject({ status: 2, refunded: 400, cost_paid: 1_000, cost_returned: 0 });
      expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([
        {
          id: paid.journalId,
          type: 'refund',
          merchant_id: m.id,
          postings: { 'platform:escrow': -400, 'platform:payout_clearing': 400 },
        },
      ]);
      expect(await balanceOf(m)).toBe('40.00');
      const stock = await t.database.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', listing.productId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(4);
      expect((await detailOf(m, order.id)).money).toMatchObject({
        in_escrow: '7.50',
        refunded: '4.00',
        profit: '-2.50',
        cost_kept: 'shipped',
      });
    });

    it('received after the refund read it: looked at again, and paid on the order as it now is', async () => {
      const m = await ready('50.00');
      const order = await newOrder(t, m.id, { status: 7 });
      const refund = await askRefund(t, order, { amount: '1.50' });
      const seen: Array<[number, number]> = [];
      const paid = await payWatched(refund, (tx, row) => {
        seen.push([row.status, row.settlement]);
        const now = t.clock.now();
        if (row.status === 7)
          return moveOrder(
            tx,
            row.id,
            {},
            { from: [7], to: 3, set: { received_at: now, settles_at: now + AFTER_SALES_MS, settlement: 1 } },
            now,
          );
      });
      // The UPDATE requires the settlement it read (0): the buyer's receipt made it 1, so it looks again.
      expect(seen).toEqual([
        [7, 0],
        [3, 1],
      ]);
      expect(paid.order).toMatchObject({ status: 3, settlement: 1, refunded: 150, refund_open: 0 });
      await settle(order.id);
      expect(await orderRow(t, order.id)).toMatchObject({ status: 4, settled_amount: 1_000 });
      expect(await balanceOf(m)).toBe('50.00');
    });

    it('an order that moves at every look is refused after three looks, and nothing is written', async () => {
      const m = await ready('50.00');
      const order = await newOrder(t, m.id, { status: 1 });
      const refund = await askRefund(t, order, { amount: '4.00' });
      const seen: number[] = [];
      // Not a path the app takes (a shipped order does not complete before its refund closes): the
      // bound is what keeps payRefund from looking for ever.
      const attempt = payWatched(refund, (tx, row) => {
        seen.push(row.status);
        const now = t.clock.now();
        if (row.status === 1)
          return moveOrder(tx, row.id, {}, { from: [1], to: 2, set: { shipped_at: now } }, now);
        if (row.status === 2)
          return moveOrder(tx, row.id, {}, { from: [2], to: 4, set: { completed_at: now } }, now);
        return undefined;
      });
      await expect(attempt).rejects.toMatchObject({ key: 'ORDER_STATUS_CHANGED' });
      expect(seen).toEqual([1, 2, 4]);
      expect(await orderRow(t, order.id)).toMatchObject({ status: 1, refunded: 0, refund_open: 1 });
      expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([]);
      const row = await t.database.db
        .selectFrom('refunds')
        .select('status')
        .where('id', '=', refund.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    });
  });
});
