import { randomUUID } from 'node:crypto';
import {
  adminOrderRoutes as a,
  MAX_PICK_BATCH,
  ORDER_COUNT_CAP,
  orderRoutes as r,
} from '@dropdesk/contract/orders';
import { reportsRoutes } from '@dropdesk/contract/reports';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { expectOrdersMatchLedger, journalsOf, newListing, newOrder, orderRow } from '../../../test/orders';
import { balanceOf } from '../../../test/wallet';
import { OrderJobs } from './order-jobs';

/**
 * The merchant's orders over HTTP (contract `orderRoutes`): the list and its tabs, one order's
 * detail, pickup one by one and in a batch, with every refusal by its key; and the whole loop from a
 * paid order to the money in the wallet. Orders come from the test helper (test/orders.ts), which
 * pays them through the real journal and transition functions.
 */
describe(`merchant orders (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
  });
  afterAll(() => t.close());

  const PW = '123456';
  const ready = (balance = '100.00') => newMerchant(t, { balance, payPassword: PW });
  const pick = (m: { client: import('../../../test/client').Client }, id: number, key?: string) =>
    m.client.call(r.pick, { id, pay_password: PW }, key ? { idempotencyKey: key } : {});

  // ------------------------------------------------------------------ list

  it('list: newest first with the order figures, only the shop’s own, total and pages', async () => {
    const m = await ready();
    const other = await ready();
    const listing = await newListing(t, m.id, { cost: '10.00' });
    const o1 = await newOrder(t, m.id, { listing, quantity: 2 });
    const o2 = await newOrder(t, m.id, { listing, status: 0 });
    const o3 = await newOrder(t, m.id, { listing, status: 1 });
    await newOrder(t, other.id);

    const res = await m.client.call(r.list, {});
    expect(res.code, res.raw).toBe(1);
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((o) => o.id)).toEqual([o3.id, o2.id, o1.id]);
    // Base level margin 15%: 10.00 → 11.50; two units.
    expect(res.data.list[2]).toEqual({
      id: o1.id,
      order_no: o1.order_no,
      product_id: listing.productId,
      listing_id: listing.listingId,
      title: o1.title,
      image_url: null,
      quantity: 2,
      price: '11.50',
      total: '23.00',
      cost: '10.00',
      cost_total: '20.00',
      earnings: '3.00',
      refunded: '0.00',
      status: 5,
      settlement: 0,
      refund_status: null,
      created_at: new Date(o1.created_at).toISOString(),
    });

    const page2 = await m.client.call(r.list, { page: '2', limit: '2' });
    expect(page2.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.data.list.map((o) => o.id)).toEqual([o1.id]);
    const beyond = await m.client.call(r.list, { page: '9', limit: '2' });
    expect(beyond.data).toMatchObject({ total: 3, list: [] });
  });

  it('list filters by status, settlement, and a keyword: an order-number prefix or a title substring, either case', async () => {
    const m = await ready('200.00');
    const word = `Lantern${randomUUID().slice(0, 6)}`;
    const unpaid = await newOrder(t, m.id, { status: 0, title: `Paper ${word} red` });
    const paid = await newOrder(t, m.id, { title: 'Tea cup' });
    const received = await newOrder(t, m.id, { status: 3 });

    const ids = async (q: Parameters<typeof m.client.call<typeof r.list>>[1]) => {
      const res = await m.client.call(r.list, q);
      expect(res.code, res.raw).toBe(1);
      expect(res.data.total).toBe(res.data.list.length);
      return res.data.list.map((o) => o.id);
    };
    expect(await ids({ status: '5' })).toEqual([paid.id]);
    expect(await ids({ status: '0' })).toEqual([unpaid.id]);
    expect(await ids({ status: '-1' })).toEqual([]);
    expect(await ids({ settlement: '1' })).toEqual([received.id]);
    expect(await ids({ settlement: '0' })).toEqual([paid.id, unpaid.id]);
    expect(await ids({ status: '3', settlement: '1' })).toEqual([received.id]);
    expect(await ids({ keyword: word.toLowerCase() })).toEqual([unpaid.id]);
    expect(await ids({ keyword: 'TEA c' })).toEqual([paid.id]);
    expect(await ids({ keyword: paid.order_no })).toEqual([paid.id]);
    expect(await ids({ keyword: paid.order_no.slice(0, -1).toLowerCase() })).toContain(paid.id);
    // A title's middle is a match, an order number's middle is not.
    expect(await ids({ keyword: paid.order_no.slice(3) })).toEqual([]);
    expect(await ids({ keyword: '100%' })).toEqual([]);
    expect(await ids({ keyword: word, status: '5' })).toEqual([]);
    // Letters beyond ASCII fold too, and accents don't matter: "dong ho" is how a
    // phone keyboard without Vietnamese types "đồng hồ".
    const clock = await newOrder(t, m.id, { title: 'Đồng Hồ Treo Tường' });
    for (const keyword of ['đồng hồ', 'TƯỜNG', 'dong ho', 'DONG HO TREO', 'tuong', 'Đồng ho'])
      expect(await ids({ keyword }), keyword).toEqual([clock.id]);
    // Another merchant's order with the same title is never in this merchant's list.
    const other = await ready('50.00');
    const theirs = await newOrder(t, other.id, { title: 'Đồng Hồ Treo Tường' });
    expect(await ids({ keyword: 'dong ho' })).not.toContain(theirs.id);
    // An empty keyword is no filter.
    expect(await ids({ keyword: '  ' })).toHaveLength(4);
  });

  it('list refuses bad queries, each by its key and field', async () => {
    const m = await ready();
    const bad: Array<[Record<string, string>, string]> = [
      [{ status: '8' }, 'status'],
      [{ status: 'five' }, 'status'],
      [{ status: '-2' }, 'status'],
      [{ settlement: '3' }, 'settlement'],
      [{ keyword: 'x'.repeat(61) }, 'keyword'],
      [{ page: '0' }, 'page'],
      [{ page: '1e1' }, 'page'],
      [{ limit: '101' }, 'limit'],
      [{ sort: 'id' }, 'sort'],
    ];
    for (const [query, field] of bad) {
      expectRefusal(await m.client.get(r.list.path, query), 'INVALID_INPUT', field, JSON.stringify(query));
    }
  });

  it('the page is read from the filter’s covering index, then the rows by id (SQLite plan)', async () => {
    if (t.engine !== 'sqlite') return expect(t.engine).toBe('postgres');
    const plan = async (where: string, index: string) => {
      const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(
        `select o.id from orders as o where ${where} order by o.id desc limit 20 offset 10000`,
      )}`.execute(t.database.db);
      expect(rows.rows.map((r) => r.detail).join(' | ')).toContain(`USING COVERING INDEX ${index}`);
    };
    await plan('o.merchant_id = 1', 'orders_merchant');
    await plan('o.merchant_id = 1 and o.status = 5', 'orders_merchant_status');
    await plan('o.merchant_id = 1 and o.settlement = 1', 'orders_merchant_settlement');
  });

  // ------------------------------------------------------------------ counts and the badge

  it('orderCount: every tab’s count (0 when none) and all; the badge query’s total is exact', async () => {
    const m = await ready('500.00');
    const listing = await newListing(t, m.id);
    for (let i = 0; i < 12; i++) await newOrder(t, m.id, { listing });
    await newOrder(t, m.id, { listing, status: 0 });
    await newOrder(t, m.id, { listing, status: 2 });
    await newOrder(t, (await ready()).id);

    const res = await m.client.call(r.orderCount);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({
      all: 14,
      capped: false,
      statuses: [
        { status: 0, count: 1, capped: false },
        { status: 5, count: 12, capped: false },
        { status: 1, count: 0, capped: false },
        { status: 2, count: 1, capped: false },
        { status: 6, count: 0, capped: false },
        { status: 7, count: 0, capped: false },
        { status: 3, count: 0, capped: false },
        { status: 4, count: 0, capped: false },
        { status: -1, count: 0, capped: false },
      ],
    });
    const badge = await m.client.call(r.list, { status: '5', page: '1', limit: '10' });
    expect(badge.data.total).toBe(12);
    expect(badge.data.list).toHaveLength(10);

    const empty = await (await ready()).client.call(r.orderCount);
    expect(empty.data.all).toBe(0);
  });

  it('counts stop at ORDER_COUNT_CAP and say so; the badge of a few stays exact; deep pages still read', async () => {
    const m = await ready();
    const paid = await newOrder(t, m.id);
    // 10,001 unpaid orders in one statement (no money: never paid), the same on both engines.
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i <= ${ORDER_COUNT_CAP})
      insert into orders (order_no, merchant_id, guest_email, lang, listing_id, product_id, title, quantity,
        unit_price, unit_cost, total, cost_total, status, receiver_name, receiver_phone, address,
        pay_deadline, created_at, updated_at)
      select ${`CAP${m.id}-`} || i, ${m.id}, 'guest@example.com', 'en', ${paid.listing_id}, ${paid.product_id},
        'Bulk', 1, 1150, 1000, 1150, 1000, 0, 'A', '1', 'x', ${t.clock.now() + 3_600_000}, ${paid.created_at}, ${paid.created_at}
      from n`.execute(t.database.db);
    const counts = await m.client.call(r.orderCount);
    expect(counts.data).toMatchObject({ all: ORDER_COUNT_CAP, capped: true });
    expect(counts.data.statuses.slice(0, 2)).toEqual([
      { status: 0, count: ORDER_COUNT_CAP, capped: true },
      { status: 5, count: 1, capped: false },
    ]);
    const badge = await m.client.call(r.list, { status: '5', page: '1', limit: '10' });
    expect(badge.data).toMatchObject({ total: 1, total_capped: false });
    const all = await m.client.call(r.list, { page: '1', limit: '20' });
    expect(all.data).toMatchObject({ total: ORDER_COUNT_CAP, total_capped: true });
    // Past the cap the pages go on: 10,002 orders, the last page holds the last two, the paid one last.
    const last = await m.client.call(r.list, { page: '501', limit: '20' });
    expect(last.data.list).toHaveLength(2);
    expect(last.data.list[1]!.id).toBe(paid.id);
    expect((await m.client.call(r.list, { keyword: `CAP${m.id}-77`, limit: '100' })).data).toMatchObject({
      total: 111,
      total_capped: false,
    });
    // The bulk rows have served: left unpaid, the order jobs of a later test of this app would cancel
    // them one transaction each (10,001 of them: over a minute on PostgreSQL on a busy machine).
    await t.database.db.deleteFrom('orders').where('order_no', 'like', `CAP${m.id}-%`).execute();
  });

  // ------------------------------------------------------------------ detail

  it('detail: the receiver masked until pickup, then whole; the timeline and the money trail', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id, {
      receiver: { name: 'Nguyen Van An', phone: '+84 901 234 567', address: '12 Le Loi, District 1, Hanoi' },
    });
    const before = await m.client.call(r.detail, { id: String(order.id) });
    expect(before.code, before.raw).toBe(1);
    expect(before.data).toMatchObject({
      id: order.id,
      receiver_name: 'N***',
      receiver_phone: '*** 4567',
      address: '***, Hanoi',
      masked: true,
      status: 5,
      picked_at: null,
      pay_deadline: new Date(order.pay_deadline!).toISOString(),
      money: {
        paid: '11.50',
        paid_at: new Date(order.paid_at!).toISOString(),
        in_escrow: '11.50',
        cost_paid: '0.00',
        cost_returned: '0.00',
        refunded: '0.00',
        settled: '0.00',
        profit: '1.50',
        settles_at: null,
        settled_at: null,
      },
      rating: null,
    });
    expect(before.data.timeline.map((e) => e.status)).toEqual([0, 5]);
    expect(before.raw).not.toContain('Le Loi');
    expect(before.raw).not.toContain('901');

    t.clock.advance(60_000);
    expect((await pick(m, order.id)).code).toBe(1);
    const after = await m.client.call(r.detail, { id: String(order.id) });
    expect(after.data).toMatchObject({
      receiver_name: 'Nguyen Van An',
      receiver_phone: '+84 901 234 567',
      address: '12 Le Loi, District 1, Hanoi',
      masked: false,
      status: 1,
      picked_at: new Date(t.clock.now()).toISOString(),
      money: { cost_paid: '10.00', in_escrow: '11.50', profit: '1.50' },
    });
    expect(after.data.timeline).toEqual([
      { status: 0, at: expect.any(String), note: null },
      { status: 5, at: expect.any(String), note: null },
      { status: 1, at: new Date(t.clock.now()).toISOString(), note: null },
    ]);
  });

  it('detail: another shop’s order or a missing one is NOT_FOUND; a bad id is refused', async () => {
    const m = await ready();
    const theirs = await newOrder(t, (await ready()).id);
    expectRefusal(await m.client.call(r.detail, { id: String(theirs.id) }), 'NOT_FOUND');
    expectRefusal(await m.client.call(r.detail, { id: '99999999' }), 'NOT_FOUND');
    for (const id of ['0', 'x', '1.5', '-3', '']) {
      expectRefusal(await m.client.get(r.detail.path, { id }), 'INVALID_INPUT', 'id', id);
    }
    expectRefusal(await m.client.get(r.detail.path, {}), 'INVALID_INPUT', 'id');
  });

  // ------------------------------------------------------------------ pick

  it('pick: the cost from the wallet in one order_pickup journal, the order awaiting shipment', async () => {
    const m = await ready('25.00');
    const order = await newOrder(t, m.id, { quantity: 2 });
    t.clock.advance(5_000);
    const res = await pick(m, order.id);
    expect(res.code, res.raw).toBe(1);
    expect(res.data.balance).toBe('5.00');
    expect(res.data.order).toMatchObject({ id: order.id, status: 1, cost_total: '20.00', earnings: '3.00' });
    expect(await balanceOf(m)).toBe('5.00');
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 1,
      picked_at: t.clock.now(),
      cost_paid: 2_000,
    });
    expect(await journalsOf(t, { type: 'order', id: order.id }, 'order_pickup')).toEqual([
      {
        id: expect.any(Number),
        type: 'order_pickup',
        merchant_id: m.id,
        postings: { [`wallet:${m.id}`]: -2_000, 'platform:supplier_payable': 2_000 },
      },
    ]);
  });

  it('pick refuses another shop’s order, an unpaid one, one already picked, a wrong password and a short balance', async () => {
    const m = await ready('15.00');
    const theirs = await newOrder(t, (await ready()).id);
    expectRefusal(await pick(m, theirs.id), 'NOT_FOUND');
    expectRefusal(await pick(m, 99_999_999), 'NOT_FOUND');
    const unpaid = await newOrder(t, m.id, { status: 0 });
    expectRefusal(await pick(m, unpaid.id), 'ORDER_NOT_AWAITING_PICKUP');
    const order = await newOrder(t, m.id);
    expectRefusal(
      await m.client.call(r.pick, { id: order.id, pay_password: '654321' }),
      'WRONG_PAY_PASSWORD',
      'pay_password',
    );
    expect((await pick(m, order.id)).code).toBe(1);
    expectRefusal(await pick(m, order.id), 'ORDER_NOT_AWAITING_PICKUP');

    // 5.00 left; an order costing 30.00 is 25.00 short.
    const dear = await newOrder(t, m.id, { quantity: 3 });
    const short = await m.client.call(r.pick, { id: dear.id, pay_password: PW }, { lang: 'en' });
    expectRefusal(short, 'BALANCE_SHORT');
    expect(short.msg).toBe("Your balance is 25.00 short of this order's cost");
    expect(await orderRow(t, dear.id)).toMatchObject({ status: 5, picked_at: null, cost_paid: 0 });
    expect(await journalsOf(t, { type: 'order', id: dear.id })).toEqual([]);
    expect(await balanceOf(m)).toBe('5.00');

    // Another shop's theft is also refused with no password attempt counted.
    const row = await t.database.db
      .selectFrom('merchants')
      .select('pay_fail_count')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.pay_fail_count).toBe(0);
  });

  it('pick refuses bad bodies, a missing Idempotency-Key, and a closed shop', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id);
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ pay_password: PW }, 'INVALID_INPUT', 'id'],
      [{ id: 0, pay_password: PW }, 'INVALID_INPUT', 'id'],
      [{ id: '1', pay_password: PW }, 'INVALID_INPUT', 'id'],
      [{ id: order.id }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
      [{ id: order.id, pay_password: '' }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
      [{ id: order.id, pay_password: '12345' }, 'PAY_PASSWORD_FORMAT', 'pay_password'],
      [{ id: order.id, pay_password: PW, extra: 1 }, 'INVALID_INPUT', 'extra'],
    ];
    for (const [body, key, field] of bad) {
      const res = await m.client.post(r.pick.path, body, { headers: { 'Idempotency-Key': randomUUID() } });
      expectRefusal(res, key, field, JSON.stringify(body));
    }
    expectRefusal(
      await m.client.call(r.pick, { id: order.id, pay_password: PW }, { idempotencyKey: null }),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    await t.database.db.updateTable('merchants').set({ status: 'closed' }).where('id', '=', m.id).execute();
    expectRefusal(await pick(m, order.id), 'SHOP_CLOSED');
    expect((await orderRow(t, order.id)).status).toBe(5);
  });

  it('pick with one Idempotency-Key twice answers the first answer and debits once', async () => {
    const m = await ready('30.00');
    const order = await newOrder(t, m.id);
    const key = randomUUID();
    const first = await pick(m, order.id, key);
    const again = await pick(m, order.id, key);
    expect(first.code, first.raw).toBe(1);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await journalsOf(t, { type: 'order', id: order.id }, 'order_pickup')).toHaveLength(1);
    expect(await balanceOf(m)).toBe('20.00');
  });

  it('20 parallel picks of one order: one succeeds, one journal, one debit', async () => {
    const m = await ready('100.00');
    const order = await newOrder(t, m.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => pick(m, order.id)));
    const ok = results.filter((res) => res.code === 1);
    expect(ok).toHaveLength(1);
    for (const res of results.filter((x) => x.code !== 1)) expectRefusal(res, 'ORDER_NOT_AWAITING_PICKUP');
    expect(await journalsOf(t, { type: 'order', id: order.id }, 'order_pickup')).toHaveLength(1);
    expect(await balanceOf(m)).toBe('90.00');
    const events = await t.database.db
      .selectFrom('order_events')
      .select('status')
      .where('order_id', '=', order.id)
      .execute();
    expect(events.filter((e) => e.status === 1)).toHaveLength(1);
  });

  // ------------------------------------------------------------------ pick_batch

  it('pick_batch picks in order until the balance runs out and reports each order in the caller’s language', async () => {
    const m = await ready('25.00');
    const listing = await newListing(t, m.id, { cost: '10.00' });
    const a1 = await newOrder(t, m.id, { listing });
    const unpaid = await newOrder(t, m.id, { listing, status: 0 });
    const a2 = await newOrder(t, m.id, { listing });
    const theirs = await newOrder(t, (await ready()).id);
    const a3 = await newOrder(t, m.id, { listing });
    const a4 = await newOrder(t, m.id, { listing, quantity: 2 });

    const ids = [a1.id, unpaid.id, a2.id, theirs.id, a3.id, a4.id, a1.id];
    const res = await m.client.call(r.pickBatch, { ids, pay_password: PW }, { lang: 'en' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({
      results: [
        { id: a1.id, picked: true, error: null, msg: null },
        {
          id: unpaid.id,
          picked: false,
          error: 'ORDER_NOT_AWAITING_PICKUP',
          msg: 'This order is not awaiting pickup',
        },
        { id: a2.id, picked: true, error: null, msg: null },
        { id: theirs.id, picked: false, error: 'NOT_FOUND', msg: expect.any(String) },
        // 5.00 left: a3 (10.00) is 5.00 short, a4 after it (20.00 more) 25.00.
        {
          id: a3.id,
          picked: false,
          error: 'BALANCE_SHORT',
          msg: "Your balance is 5.00 short of this order's cost",
        },
        {
          id: a4.id,
          picked: false,
          error: 'BALANCE_SHORT',
          msg: "Your balance is 25.00 short of this order's cost",
        },
      ],
      picked: 2,
      failed: 4,
      balance: '5.00',
    });
    expect(await balanceOf(m)).toBe('5.00');
    for (const o of [a1, a2]) {
      expect((await orderRow(t, o.id)).status).toBe(1);
      expect(await journalsOf(t, { type: 'order', id: o.id }, 'order_pickup')).toHaveLength(1);
    }
    for (const o of [a3, a4]) {
      expect(await orderRow(t, o.id)).toMatchObject({ status: 5, cost_paid: 0, picked_at: null });
      expect(await journalsOf(t, { type: 'order', id: o.id })).toEqual([]);
    }
    // The same answer in Vietnamese names the same keys.
    const vi = await newMerchant(t, { balance: '0.00'.replace('0.00', '1.00'), payPassword: PW });
    const viOrder = await newOrder(t, vi.id);
    const viRes = await vi.client.call(r.pickBatch, { ids: [viOrder.id], pay_password: PW }, { lang: 'vi' });
    expect(viRes.data.results[0]).toMatchObject({ error: 'BALANCE_SHORT', picked: false });
    expect(viRes.data.results[0]!.msg).not.toBe("Your balance is 9.00 short of this order's cost");
    expect(viRes.data.results[0]!.msg).toContain('9.00');
  });

  it('pick_batch: a retry with its key replays the whole answer; a wrong password picks nothing', async () => {
    const m = await ready('50.00');
    const o1 = await newOrder(t, m.id);
    const o2 = await newOrder(t, m.id);
    expectRefusal(
      await m.client.call(r.pickBatch, { ids: [o1.id, o2.id], pay_password: '000000' }),
      'WRONG_PAY_PASSWORD',
      'pay_password',
    );
    expect((await orderRow(t, o1.id)).status).toBe(5);
    const key = randomUUID();
    const first = await m.client.call(
      r.pickBatch,
      { ids: [o1.id, o2.id], pay_password: PW },
      { idempotencyKey: key },
    );
    const again = await m.client.call(
      r.pickBatch,
      { ids: [o1.id, o2.id], pay_password: PW },
      { idempotencyKey: key },
    );
    expect(first.data).toMatchObject({ picked: 2, failed: 0, balance: '30.00' });
    expect(again.raw).toBe(first.raw);
    expect(await balanceOf(m)).toBe('30.00');
    // A new key: both are picked already.
    const third = await m.client.call(r.pickBatch, { ids: [o1.id, o2.id], pay_password: PW });
    expect(third.data).toMatchObject({ picked: 0, failed: 2, balance: '30.00' });
    expect(third.data.results.map((x) => x.error)).toEqual([
      'ORDER_NOT_AWAITING_PICKUP',
      'ORDER_NOT_AWAITING_PICKUP',
    ]);
  });

  it('pick_batch refuses bad bodies, each by its key', async () => {
    const m = await ready();
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ ids: [], pay_password: PW }, 'SELECT_ORDER', 'ids'],
      [{ pay_password: PW }, 'SELECT_ORDER', 'ids'],
      [{ ids: 'all', pay_password: PW }, 'SELECT_ORDER', 'ids'],
      [
        { ids: Array.from({ length: MAX_PICK_BATCH + 1 }, (_, i) => i + 1), pay_password: PW },
        'INVALID_INPUT',
        'ids',
      ],
      [{ ids: [0], pay_password: PW }, 'INVALID_INPUT', 'ids.0'],
      [{ ids: [1] }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
      [{ ids: [1], pay_password: 'abcdef' }, 'PAY_PASSWORD_FORMAT', 'pay_password'],
      [{ ids: [1], pay_password: PW, all: true }, 'INVALID_INPUT', 'all'],
    ];
    for (const [body, key, field] of bad) {
      const res = await m.client.post(r.pickBatch.path, body, {
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expectRefusal(res, key, field, JSON.stringify(body).slice(0, 80));
    }
  });

  // ------------------------------------------------------------------ the whole loop

  it('the whole loop: paid → badge → pick → shipped → reached → auto-confirmed → settled into the wallet', async () => {
    const m = await ready('50.00');
    const op = await newOperator(t, 'support');
    const jobs = new OrderJobs({ db: t.database.db, clock: t.clock });
    const order = await newOrder(t, m.id, { quantity: 2 });

    expect((await m.client.call(r.list, { status: '5', page: '1', limit: '10' })).data.total).toBe(1);
    expect((await pick(m, order.id)).data.balance).toBe('30.00');
    expect((await m.client.call(r.list, { status: '5', page: '1', limit: '10' })).data.total).toBe(0);

    expect((await op.call(a.ship, { id: order.id, carrier: 'VNPost', tracking_no: 'VN123456' })).code).toBe(
      1,
    );
    // An hour, then a day, later: past OPERATOR_IDLE_MINUTES, so the operator signs in again.
    t.clock.advance(3_600_000);
    await op.signIn();
    expect((await op.call(a.progress, { id: order.id, status: 6, note: 'Left Hanoi hub' })).code).toBe(1);
    t.clock.advance(86_400_000);
    await op.signIn();
    expect((await op.call(a.progress, { id: order.id, status: 7 })).code).toBe(1);
    const reachedAt = t.clock.now();

    // Not yet 7 days: nothing confirms. (The jobs also move other tests' orders of this app, so
    // this test reads its own order, not the run's counts.)
    t.clock.advance(7 * 86_400_000 - 1);
    expect((await jobs.runOnce()).ran).toBe(true);
    expect((await orderRow(t, order.id)).status).toBe(7);
    t.clock.advance(1);
    await jobs.runOnce();
    // A week idle ends the session: the merchant signs in again.
    m.client.token = await t.app.sessions.open({ type: 'merchant', id: m.id });
    const confirmedAt = t.clock.now();
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 3,
      settlement: 1,
      received_at: reachedAt + 7 * 86_400_000,
      settles_at: confirmedAt + 3 * 86_400_000,
    });
    expect((await m.client.call(r.list, { settlement: '1' })).data.list.map((o) => o.id)).toEqual([order.id]);

    t.clock.advance(3 * 86_400_000 - 1);
    await jobs.runOnce();
    expect(await orderRow(t, order.id)).toMatchObject({ status: 3, settlement: 1 });
    t.clock.advance(1);
    await jobs.runOnce();
    m.client.token = await t.app.sessions.open({ type: 'merchant', id: m.id });

    expect(await balanceOf(m)).toBe('53.00');
    const detail = await m.client.call(r.detail, { id: String(order.id) });
    expect(detail.data).toMatchObject({
      status: 4,
      settlement: 2,
      earnings: '3.00',
      completed_at: new Date(t.clock.now()).toISOString(),
      money: {
        paid: '23.00',
        in_escrow: '0.00',
        cost_paid: '20.00',
        refunded: '0.00',
        settled: '23.00',
        profit: '3.00',
        settled_at: new Date(t.clock.now()).toISOString(),
      },
    });
    expect(detail.data.timeline.map((e) => e.status)).toEqual([0, 5, 1, 2, 6, 7, 3, 4]);
    expect(detail.data.timeline[4]).toMatchObject({ status: 6, note: 'Left Hanoi hub' });

    const bill = await m.client.call(reportsRoutes.bill, { type: 'order' });
    expect(bill.code, bill.raw).toBe(1);
    expect(bill.data.list.map((b) => [b.journal_type, b.amount, b.balance_after, b.source])).toEqual([
      ['settlement', '23.00', '53.00', { type: 'order', id: order.id }],
      ['order_pickup', '-20.00', '30.00', { type: 'order', id: order.id }],
    ]);
    // Profit = selling price − cost − refunds, and the wallet moved by exactly that.
    expect(23_00 - 20_00 - 0).toBe(300);
    expect(await journalsOf(t, { type: 'order', id: order.id }, 'settlement')).toEqual([
      {
        id: expect.any(Number),
        type: 'settlement',
        merchant_id: m.id,
        postings: { 'platform:escrow': -2_300, [`wallet:${m.id}`]: 2_300 },
      },
    ]);
  });
});
