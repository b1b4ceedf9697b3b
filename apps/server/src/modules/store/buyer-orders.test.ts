import { AFTER_SALES_MS } from '@dropdesk/contract/orders';
import { storeRoutes as r } from '@dropdesk/contract/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { expectRefusal } from '../../../test/client';
import { noticesOf } from '../../../test/services';
import {
  advance,
  escrow,
  guest,
  newBuyer,
  onShelf,
  orderJournals,
  paidOrder,
  placeOrder,
  rejectRefund,
  stockOf,
  withOrderToken,
} from '../../../test/store';

/**
 * What a buyer does with an order after checkout, over HTTP (docs/orders.md "Storefront API"): read
 * it (only their own, or the guest link's), cancel, confirm, rate, ask a refund, appeal.
 */
describe(`buyer orders (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
  });
  afterAll(() => t.close());

  /** A shop with money for pickups and a product of cost 10.00 (price 11.50), stock 10. */
  const shelf = () => onShelf(t, { cost: '10.00', stock: 10, merchantOptions: { balance: '500.00' } });

  it('another buyer, a wrong token or no token at all find no order', async () => {
    const item = await shelf();
    const owner = await newBuyer(t);
    const other = await newBuyer(t);
    const mine = await placeOrder(owner.client, item.listingId);
    const guestOrder = await placeOrder(guest(t), item.listingId);
    expect((await owner.client.call(r.order, { id: String(mine.order.id) })).code).toBe(1);
    expectRefusal(await other.client.call(r.order, { id: String(mine.order.id) }), 'NOT_FOUND');
    expectRefusal(await guest(t).call(r.order, { id: String(mine.order.id) }), 'NOT_FOUND');
    expectRefusal(await guest(t).call(r.order, { id: String(guestOrder.order.id) }), 'NOT_FOUND');
    expectRefusal(
      await guest(t).call(r.order, { id: String(guestOrder.order.id) }, withOrderToken('x'.repeat(43))),
      'NOT_FOUND',
    );
    // A guest token opens its own order only.
    expectRefusal(
      await guest(t).call(r.order, { id: String(mine.order.id) }, withOrderToken(guestOrder.order_token)),
      'NOT_FOUND',
    );
    expect(
      (
        await guest(t).call(
          r.order,
          { id: String(guestOrder.order.id) },
          withOrderToken(guestOrder.order_token),
        )
      ).code,
    ).toBe(1);
    expectRefusal(await owner.client.get(r.order.path, { id: 'one' }), 'INVALID_INPUT', 'id');
    // Every action on another's order is NOT_FOUND too, and changes nothing.
    for (const [row, body] of [
      [r.cancel, { id: mine.order.id }],
      [r.confirm, { id: mine.order.id }],
      [r.rate, { id: mine.order.id, stars: 5 }],
      [r.refund, { id: mine.order.id, amount: '1.00', reason: 'x', goods_received: false }],
      [r.appeal, { id: mine.order.id, statement: 'x' }],
    ] as const)
      expectRefusal(
        await other.client.call(row as typeof r.cancel, body as never),
        'NOT_FOUND',
        undefined,
        row.path,
      );
    expect((await owner.client.call(r.order, { id: String(mine.order.id) })).data.order.status).toBe(0);
    // The list is the buyer's own.
    const list = await other.client.call(r.orders);
    expect(list.data).toEqual({ total: 0, page: 1, limit: 20, list: [] });
    expect((await guest(t).call(r.orders)).status).toBe(401);
    expectRefusal(await owner.client.call(r.orders, { limit: '101' } as never), 'INVALID_INPUT', 'limit');
  });

  it('cancel of an unpaid order returns the stock and moves no money', async () => {
    const item = await shelf();
    const placed = await placeOrder(guest(t), item.listingId, { quantity: 3 });
    expect(await stockOf(t, item.productId)).toBe(7);
    const res = await guest(t).call(r.cancel, { id: placed.order.id }, withOrderToken(placed.order_token));
    expect(res.data).toMatchObject({ status: -1, can: { cancel: false, pay: false } });
    expect(await stockOf(t, item.productId)).toBe(10);
    expect(await orderJournals(t, placed.order.id)).toEqual([]);
    expectRefusal(
      await guest(t).call(r.cancel, { id: placed.order.id }, withOrderToken(placed.order_token)),
      'ORDER_STATUS_CHANGED',
    );
    expect(await stockOf(t, item.productId), 'returned once').toBe(10);
    expect((await noticesOf(t, item.merchant.id)).map((n) => n.type)).not.toContain('order_cancelled');
  });

  it('cancel of a paid order refunds the total from escrow, restores the stock, and tells the merchant', async () => {
    const item = await shelf();
    const buyer = await newBuyer(t);
    const placed = await paidOrder(t, item.listingId, buyer.client, { quantity: 2 });
    const escrowPaid = await escrow(t);
    const res = await buyer.client.call(r.cancel, { id: placed.order.id });
    expect(res.data).toMatchObject({ status: -1, money: { paid: '23.00', refunded: '23.00' } });
    expect(await escrow(t)).toBe(escrowPaid - 2300);
    expect(await stockOf(t, item.productId)).toBe(10);
    expect(await orderJournals(t, placed.order.id)).toEqual([
      { type: 'order_payment', postings: { 'platform:deposit_clearing': -2300, 'platform:escrow': 2300 } },
      { type: 'refund', postings: { 'platform:escrow': -2300, 'platform:payout_clearing': 2300 } },
    ]);
    const payment = await buyer.client.call(r.order, { id: String(placed.order.id) });
    expect(payment.data.payment?.status).toBe('refunded');
    expect(await noticesOf(t, item.merchant.id)).toContainEqual(
      expect.objectContaining({
        type: 'order_cancelled',
        params: { order_no: placed.order.order_no, amount: '23.00' },
      }),
    );
    const sales = await t.database.db
      .selectFrom('listings')
      .select('sales')
      .where('id', '=', item.listingId)
      .executeTakeFirstOrThrow();
    expect(Number(sales.sales)).toBe(0);
  });

  it('cancel needs an Idempotency-Key, and is refused once the order is picked up', async () => {
    const item = await shelf();
    const buyer = await newBuyer(t);
    const placed = await paidOrder(t, item.listingId, buyer.client);
    expectRefusal(
      await buyer.client.call(r.cancel, { id: placed.order.id }, { idempotencyKey: null }),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    expectRefusal(
      await buyer.client.post(
        r.cancel.path,
        { id: 0 },
        { headers: { 'Idempotency-Key': 'cancel-key-0001' } },
      ),
      'INVALID_INPUT',
      'id',
    );
    await advance(t, placed.order.id, 1);
    expectRefusal(await buyer.client.call(r.cancel, { id: placed.order.id }), 'ORDER_STATUS_CHANGED');
  });

  it('confirm: from shipped, in transit or reached; opens the after-sales window', async () => {
    const item = await shelf();
    const buyer = await newBuyer(t);
    const placed = await paidOrder(t, item.listingId, buyer.client);
    expectRefusal(await buyer.client.call(r.confirm, { id: placed.order.id }), 'ORDER_STATUS_CHANGED');
    await advance(t, placed.order.id, 1);
    expectRefusal(await buyer.client.call(r.confirm, { id: placed.order.id }), 'ORDER_STATUS_CHANGED');
    await advance(t, placed.order.id, 6);
    const res = await buyer.client.call(r.confirm, { id: placed.order.id });
    expect(res.data).toMatchObject({ status: 3, can: { confirm: false, rate: true, refund: true } });
    expect(res.data.timeline.map((e) => e.status)).toEqual([0, 5, 1, 2, 6, 3]);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['received_at', 'settles_at', 'settlement'])
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      received_at: t.clock.now(),
      settles_at: t.clock.now() + AFTER_SALES_MS,
      settlement: 1,
    });
    expectRefusal(await buyer.client.call(r.confirm, { id: placed.order.id }), 'ORDER_STATUS_CHANGED');
    expectRefusal(await buyer.client.post(r.confirm.path, {}), 'INVALID_INPUT', 'id');

    const second = await paidOrder(t, item.listingId, buyer.client);
    await advance(t, second.order.id, 2);
    expect((await buyer.client.call(r.confirm, { id: second.order.id })).data.status).toBe(3);
  });

  it('rate: a received order, once, 1–5 stars; the shop shows the mean', async () => {
    const item = await shelf();
    const buyer = await newBuyer(t);
    const a = await paidOrder(t, item.listingId, buyer.client);
    expectRefusal(await buyer.client.call(r.rate, { id: a.order.id, stars: 5 }), 'ORDER_STATUS_CHANGED');
    await advance(t, a.order.id, 7);
    expectRefusal(await buyer.client.call(r.rate, { id: a.order.id, stars: 5 }), 'ORDER_STATUS_CHANGED');
    await buyer.client.call(r.confirm, { id: a.order.id });
    expectRefusal(await buyer.client.call(r.rate, { id: a.order.id, stars: 0 }), 'INVALID_INPUT', 'stars');
    expectRefusal(await buyer.client.call(r.rate, { id: a.order.id, stars: 6 }), 'INVALID_INPUT', 'stars');
    expectRefusal(await buyer.client.call(r.rate, { id: a.order.id, stars: 4.5 }), 'INVALID_INPUT', 'stars');
    expectRefusal(
      await buyer.client.call(r.rate, { id: a.order.id, stars: 4, comment: 'x'.repeat(501) }),
      'INVALID_INPUT',
      'comment',
    );
    const rated = await buyer.client.call(r.rate, { id: a.order.id, stars: 4, comment: '  Good mug  ' });
    expect(rated.data.rating).toEqual({
      stars: 4,
      comment: 'Good mug',
      at: new Date(t.clock.now()).toISOString(),
    });
    expect(rated.data.can.rate).toBe(false);
    expectRefusal(await buyer.client.call(r.rate, { id: a.order.id, stars: 1 }), 'ALREADY_RATED');

    const b = await paidOrder(t, item.listingId, buyer.client);
    await advance(t, b.order.id, 7);
    await buyer.client.call(r.confirm, { id: b.order.id });
    await buyer.client.call(r.rate, { id: b.order.id, stars: 5 });
    const shop = await guest(t).call(r.shop, { shop: String(item.merchant.id) });
    expect(shop.data).toMatchObject({ rating: 4.5, ratings: 2 });
  });

  it('refund: after pickup and before settlement, at most the total, the whole order before shipping, once', async () => {
    const item = await shelf();
    const buyer = await newBuyer(t);
    const ask = (id: number, amount: string, extra = {}) =>
      buyer.client.call(r.refund, { id, amount, reason: 'Broken handle', goods_received: true, ...extra });

    const unpaid = await placeOrder(buyer.client, item.listingId);
    expectRefusal(await ask(unpaid.order.id, '1.00'), 'ORDER_STATUS_CHANGED');
    const placed = await paidOrder(t, item.listingId, buyer.client);
    expectRefusal(await ask(placed.order.id, '1.00'), 'ORDER_STATUS_CHANGED');
    await advance(t, placed.order.id, 1);
    expectRefusal(await ask(placed.order.id, '5.00'), 'REFUND_WHOLE_ORDER', 'amount');
    expect((await ask(placed.order.id, '5.00')).msg).toContain('11.50');
    expectRefusal(await ask(placed.order.id, '11.51'), 'REFUND_TOO_MUCH', 'amount');
    expectRefusal(await ask(placed.order.id, '0.00'), 'CANNOT_BE_ZERO', 'amount');
    expectRefusal(await ask(placed.order.id, '-1.00'), 'INVALID_INPUT', 'amount');
    expectRefusal(await ask(placed.order.id, '1.001'), 'INVALID_INPUT', 'amount');
    expectRefusal(await ask(placed.order.id, '1.00', { reason: '' }), 'INVALID_INPUT', 'reason');
    expectRefusal(
      await buyer.client.post(r.refund.path, { id: placed.order.id, amount: '1.00', reason: 'x' }),
      'INVALID_INPUT',
      'goods_received',
    );

    const res = await ask(placed.order.id, '11.50', { goods_received: false });
    expect(res.data.refund).toMatchObject({
      amount: '11.50',
      reason: 'Broken handle',
      goods_received: false,
      status: 'pending',
    });
    expect(res.data.can).toMatchObject({ refund: false, appeal: false });
    const row = await t.database.db
      .selectFrom('orders')
      .select('refund_open')
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow();
    expect(row.refund_open).toBe(1);
    expectRefusal(await ask(placed.order.id, '11.50'), 'REFUND_EXISTS');
    expect(await noticesOf(t, item.merchant.id)).toContainEqual(
      expect.objectContaining({
        type: 'refund_asked',
        params: { order_no: placed.order.order_no, amount: '11.50' },
      }),
    );

    // Shipped: part of it may be asked.
    const shipped = await paidOrder(t, item.listingId, buyer.client);
    await advance(t, shipped.order.id, 2);
    expect((await ask(shipped.order.id, '3.00')).data.refund?.amount).toBe('3.00');

    // Settled: too late.
    const settled = await paidOrder(t, item.listingId, buyer.client);
    await advance(t, settled.order.id, 7);
    await buyer.client.call(r.confirm, { id: settled.order.id });
    await t.database.db
      .updateTable('orders')
      .set({ settlement: 2 })
      .where('id', '=', settled.order.id)
      .execute();
    expectRefusal(await ask(settled.order.id, '1.00'), 'ORDER_STATUS_CHANGED');
  });

  it('concurrent refund asks of one order: one refund', async () => {
    const item = await shelf();
    const buyer = await newBuyer(t);
    const placed = await paidOrder(t, item.listingId, buyer.client);
    await advance(t, placed.order.id, 2);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        buyer.client.call(r.refund, {
          id: placed.order.id,
          amount: '2.00',
          reason: 'Late',
          goods_received: false,
        }),
      ),
    );
    expect(results.filter((x) => x.code === 1)).toHaveLength(1);
    for (const lost of results.filter((x) => x.code !== 1)) expectRefusal(lost, 'REFUND_EXISTS');
  });

  it('appeal: only a rejected refund, once, before settlement', async () => {
    const item = await shelf();
    const anon = guest(t);
    const placed = await paidOrder(t, item.listingId, anon);
    const link = withOrderToken(placed.order_token);
    expectRefusal(
      await anon.call(r.appeal, { id: placed.order.id, statement: 'Please look' }, link),
      'NOT_FOUND',
    );
    await advance(t, placed.order.id, 2);
    await anon.call(
      r.refund,
      { id: placed.order.id, amount: '5.00', reason: 'Scratched', goods_received: true },
      link,
    );
    expectRefusal(
      await anon.call(r.appeal, { id: placed.order.id, statement: 'Please look' }, link),
      'ALREADY_RESOLVED',
    );
    await rejectRefund(t, placed.order.id);
    const seen = await anon.call(r.order, { id: String(placed.order.id) }, link);
    expect(seen.data.order.can.appeal).toBe(true);
    expectRefusal(
      await anon.call(r.appeal, { id: placed.order.id, statement: '' }, link),
      'INVALID_INPUT',
      'statement',
    );
    const res = await anon.call(
      r.appeal,
      { id: placed.order.id, statement: 'The photos show the scratch' },
      link,
    );
    expect(res.data.refund).toMatchObject({
      status: 'appealed',
      reject_reason: 'The goods were used',
      appeal_statement: 'The photos show the scratch',
    });
    expect(res.data.can.appeal).toBe(false);
    const row = await t.database.db
      .selectFrom('orders')
      .select('refund_open')
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow();
    expect(row.refund_open).toBe(1);
    expectRefusal(
      await anon.call(r.appeal, { id: placed.order.id, statement: 'Again' }, link),
      'ALREADY_RESOLVED',
    );
    expect((await noticesOf(t, item.merchant.id)).map((n) => n.type)).toContain('refund_appealed');

    // A rejected refund of an order settled since: too late.
    const late = await paidOrder(t, item.listingId, anon);
    const lateLink = withOrderToken(late.order_token);
    await advance(t, late.order.id, 2);
    await anon.call(
      r.refund,
      { id: late.order.id, amount: '5.00', reason: 'Scratched', goods_received: true },
      lateLink,
    );
    await rejectRefund(t, late.order.id);
    await t.database.db
      .updateTable('orders')
      .set({ settlement: 2 })
      .where('id', '=', late.order.id)
      .execute();
    expectRefusal(
      await anon.call(r.appeal, { id: late.order.id, statement: 'Please' }, lateLink),
      'ALREADY_RESOLVED',
    );
  });
});
