import { storeRoutes as r } from '@dropdesk/contract/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newImage, setProduct } from '../../../test/catalogue';
import { expectBooksBalanced } from '../../../test/checks';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant } from '../../../test/factories';
import { noticesOf } from '../../../test/services';
import {
  checkoutOf,
  escrow,
  guest,
  newBuyer,
  onShelf,
  orderJournals,
  payTest,
  placeOrder,
  stockOf,
  withOrderToken,
} from '../../../test/store';

/**
 * Checkout over HTTP (docs/orders.md "Storefront API"): what may be ordered, the stock it reserves,
 * the price and texts copied into the order, the guest's link, the payment opened, and a guest and
 * a signed-in buyer paying through the test provider's signed webhook path into escrow.
 */
describe(`checkout (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
  });
  afterAll(() => t.close());

  it('a guest orders and pays: stock reserved, order 0 → 5, escrow holds the total, the merchant is told', async () => {
    const item = await onShelf(t, { cost: '10.00', stock: 5, titles: { en: 'Blue mug', vi: 'Cốc xanh' } });
    await newImage(t, item.productId);
    const escrowBefore = await escrow(t);
    const anon = guest(t);
    const placed = await placeOrder(anon, item.listingId, { quantity: 2, email: 'Guest.One@Example.com' });
    expect(placed.order_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(placed.order).toMatchObject({
      shop_id: item.merchant.id,
      listing_id: item.listingId,
      // No lang header: the default language (vi).
      title: 'Cốc xanh',
      quantity: 2,
      price: '11.50',
      total: '23.00',
      status: 0,
      money: { paid: '0.00', paid_at: null, refunded: '0.00' },
      refund: null,
      rating: null,
      can: { pay: true, cancel: true, confirm: false, rate: false, refund: false, appeal: false },
    });
    expect(placed.order.order_no).toMatch(/^O\d{8}\d{6,}$/);
    expect(placed.order.image_url).toMatch(/^\/media\//);
    expect(placed.order.pay_deadline).toBe(
      new Date(t.clock.now() + t.config.orders.unpaidTimeoutMs).toISOString(),
    );
    expect(placed.order.timeline.map((e) => e.status)).toEqual([0]);
    expect(placed.payment).toEqual({
      id: expect.any(Number),
      provider: 'test',
      test_mode: true,
      status: 'created',
      amount: '23.00',
      pay_url: `/s/pay/${placed.payment.id}`,
    });
    expect(await stockOf(t, item.productId)).toBe(3);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['guest_email', 'buyer_id', 'token_hash', 'unit_cost', 'cost_total'])
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      guest_email: 'guest.one@example.com',
      buyer_id: null,
      unit_cost: 1000,
      cost_total: 2000,
    });
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(placed.order_token);

    const paid = await payTest(t, placed.payment.id);
    expect(paid.status).toBe('succeeded');
    const seen = await anon.call(
      r.order,
      { id: String(placed.order.id) },
      withOrderToken(placed.order_token),
    );
    expect(seen.data.order).toMatchObject({ status: 5, money: { paid: '23.00', refunded: '0.00' } });
    expect(seen.data.order.timeline.map((e) => e.status)).toEqual([0, 5]);
    expect(seen.data.order.can).toMatchObject({ pay: false, cancel: true, refund: false });
    expect(seen.data.payment?.status).toBe('succeeded');
    expect(await escrow(t)).toBe(escrowBefore + 2300);
    expect(await orderJournals(t, placed.order.id)).toEqual([
      { type: 'order_payment', postings: { 'platform:deposit_clearing': -2300, 'platform:escrow': 2300 } },
    ]);
    expect(await noticesOf(t, item.merchant.id)).toContainEqual({
      type: 'order_paid',
      title_key: 'notice.order_paid',
      params: { order_no: placed.order.order_no, amount: '23.00' },
      ref_type: 'order',
      ref_id: placed.order.id,
    });
    // Sold units count once paid.
    const sales = await t.database.db
      .selectFrom('listings')
      .select('sales')
      .where('id', '=', item.listingId)
      .executeTakeFirstOrThrow();
    expect(Number(sales.sales)).toBe(2);
  });

  it('a signed-in buyer orders in their language, gets no link token, and pays', async () => {
    const item = await onShelf(t, { cost: '20.00', titles: { en: 'Lamp', vi: 'Đèn' }, mainLang: 'en' });
    const buyer = await newBuyer(t);
    const res = await buyer.client.call(r.checkout, checkoutOf(item.listingId), { lang: 'vi' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data.order_token).toBeNull();
    expect(res.data.order).toMatchObject({ title: 'Đèn', price: '23.00', total: '23.00' });
    const ko = await buyer.client.call(r.checkout, checkoutOf(item.listingId), { lang: 'ko' });
    expect(ko.data.order.title, 'falls back to the main language').toBe('Lamp');
    const escrowBefore = await escrow(t);
    await payTest(t, res.data.payment.id);
    expect(await escrow(t)).toBe(escrowBefore + 2300);
    const mine = await buyer.client.call(r.order, { id: String(res.data.order.id) });
    expect(mine.data.order.status).toBe(5);
    const list = await buyer.client.call(r.orders);
    expect(list.data.list.map((o) => o.id)).toEqual([ko.data.order.id, res.data.order.id]);
    expect(list.data.total).toBe(2);
  });

  it('the last unit ordered by 20 buyers at once is sold once; stock never goes below 0', async () => {
    const item = await onShelf(t, { stock: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        guest(t).call(r.checkout, checkoutOf(item.listingId, { email: 'race@example.com' })),
      ),
    );
    const won = results.filter((x) => x.code === 1);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((x) => x.code !== 1)) expectRefusal(lost, 'OUT_OF_STOCK');
    expect(await stockOf(t, item.productId)).toBe(0);
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('product_id', '=', item.productId)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key answers the first order; another key places another', async () => {
    const item = await onShelf(t, { stock: 10 });
    const buyer = await newBuyer(t);
    const first = await buyer.client.call(r.checkout, checkoutOf(item.listingId), {
      idempotencyKey: 'checkout-key-1',
    });
    const again = await buyer.client.call(r.checkout, checkoutOf(item.listingId), {
      idempotencyKey: 'checkout-key-1',
    });
    expect(again.data.order.id).toBe(first.data.order.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Another buyer's same key is their own.
    const other = await newBuyer(t);
    const theirs = await other.client.call(r.checkout, checkoutOf(item.listingId), {
      idempotencyKey: 'checkout-key-1',
    });
    expect(theirs.data.order.id).not.toBe(first.data.order.id);
    expect(await stockOf(t, item.productId)).toBe(8);
    expectRefusal(
      await buyer.client.call(r.checkout, checkoutOf(item.listingId), { idempotencyKey: null }),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
  });

  it('refuses what is not on sale: missing, in the warehouse, switched off, a closed shop, out of stock', async () => {
    const anon = guest(t);
    const order = (listingId: number, extra = {}) =>
      anon.call(r.checkout, checkoutOf(listingId, { email: 'g@example.com', ...extra }));
    expectRefusal(await order(999_999_999), 'NOT_FOUND');

    const shelved = await onShelf(t);
    const m = shelved.merchant;
    expect(
      (await m.client.post('/merchant/product/setSwitch', { ids: [shelved.listingId], status: 'warehouse' }))
        .code,
    ).toBe(1);
    expectRefusal(await order(shelved.listingId), 'NOT_ON_SALE');

    const off = await onShelf(t);
    await setProduct(t, off.productId, { active: false });
    expectRefusal(await order(off.listingId), 'NOT_ON_SALE');

    const closed = await onShelf(t);
    await t.database.db
      .updateTable('merchants')
      .set({ status: 'closed' })
      .where('id', '=', closed.merchant.id)
      .execute();
    expectRefusal(await order(closed.listingId), 'SHOP_CLOSED');

    const few = await onShelf(t, { stock: 2 });
    expectRefusal(await order(few.listingId, { quantity: 3 }), 'OUT_OF_STOCK');
    expect(await stockOf(t, few.productId)).toBe(2);
  });

  it('refuses bad input field by field, and a guest without an email', async () => {
    const item = await onShelf(t);
    const anon = guest(t);
    const bad = (extra: Record<string, unknown>) =>
      anon.call(r.checkout, { ...checkoutOf(item.listingId, { email: 'g@example.com' }), ...extra } as never);
    expectRefusal(await anon.call(r.checkout, checkoutOf(item.listingId)), 'INVALID_INPUT', 'email');
    expectRefusal(await bad({ quantity: 0 }), 'INVALID_INPUT', 'quantity');
    expectRefusal(await bad({ quantity: 100 }), 'INVALID_INPUT', 'quantity');
    expectRefusal(await bad({ quantity: 1.5 }), 'INVALID_INPUT', 'quantity');
    expectRefusal(await bad({ receiver_name: '  ' }), 'INVALID_INPUT', 'receiver_name');
    expectRefusal(await bad({ receiver_phone: 'call me' }), 'INVALID_INPUT', 'receiver_phone');
    expectRefusal(await bad({ address: 'x' }), 'INVALID_INPUT', 'address');
    expectRefusal(await bad({ email: 'not-an-email' }), 'INVALID_INPUT', 'email');
    expectRefusal(await bad({ listing_id: 'one' }), 'INVALID_INPUT', 'listing_id');
    expectRefusal(await bad({ price: '0.01' }), 'INVALID_INPUT', 'price');
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('product_id', '=', item.productId)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('a buyer_optional row answers a token that is no buyer session with 401 and places nothing (plugins/auth.tokens.test.ts)', async () => {
    const item = await onShelf(t);
    const m = await newMerchant(t);
    const asMerchant = new Client(t.app, m.token);
    for (const client of [asMerchant, new Client(t.app, 'x'.repeat(43))]) {
      const res = await client.call(r.checkout, checkoutOf(item.listingId, { email: 'g@example.com' }));
      expect([res.status, res.error]).toEqual([401, 'UNAUTHORIZED']);
      expect((await client.call(r.orders)).status).toBe(401);
    }
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('product_id', '=', item.productId)
      .execute();
    expect(orders).toHaveLength(0);
  });
});
