import { randomUUID } from 'node:crypto';
import { adminOrderRoutes as a, orderRoutes as r } from '@dropdesk/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { type Client, expectRefusal } from '../../../test/client';
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

/**
 * The support desk over HTTP (contract `adminOrderRoutes`): every shop's orders unmasked, shipping
 * steps, and the arbitration of appealed refunds, each with its audit entry and the merchant's
 * notice; and who may call them (support and admin only).
 */
describe(`operator orders (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let support: Client;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    support = await newOperator(t, 'support');
    admin = await newOperator(t, 'admin');
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
  });
  afterAll(() => t.close());

  const ready = (balance = '100.00') => newMerchant(t, { balance, payPassword: '123456' });
  const operatorIdOf = async (client: Client) =>
    (
      await t.database.db
        .selectFrom('sessions')
        .select('subject_id')
        .where('subject_type', '=', 'operator')
        .orderBy('id', 'desc')
        .where('token_hash', '=', (await import('../../lib/crypto')).sha256(client.token!))
        .executeTakeFirstOrThrow()
    ).subject_id;

  it('orders: every shop’s orders newest first, by status, merchant and keyword, with whose shop', async () => {
    const m1 = await ready();
    const m2 = await ready();
    const o1 = await newOrder(t, m1.id, { status: 1 });
    const o2 = await newOrder(t, m2.id, { status: 2 });
    const o3 = await newOrder(t, m2.id, { status: 0 });

    const res = await support.call(a.orders, {});
    expect(res.code, res.raw).toBe(1);
    expect(res.data.list.slice(0, 3).map((o) => o.id)).toEqual([o3.id, o2.id, o1.id]);
    const shop2 = (
      await t.database.db
        .selectFrom('shops')
        .select('name')
        .where('merchant_id', '=', m2.id)
        .executeTakeFirstOrThrow()
    ).name;
    expect(res.data.list[1]).toMatchObject({
      id: o2.id,
      merchant_id: m2.id,
      shop_name: shop2,
      carrier: 'VNPost',
      tracking_no: `VN${o2.id}`,
      status: 2,
      total: '11.50',
    });
    const ofM2 = await support.call(a.orders, { merchant_id: String(m2.id) });
    expect(ofM2.data).toMatchObject({ total: 2 });
    expect(ofM2.data.list.map((o) => o.id)).toEqual([o3.id, o2.id]);
    expect(
      (await support.call(a.orders, { merchant_id: String(m2.id), status: '0' })).data.list.map((o) => o.id),
    ).toEqual([o3.id]);
    expect((await admin.call(a.orders, { keyword: o1.order_no })).data.list.map((o) => o.id)).toEqual([
      o1.id,
    ]);

    for (const [query, field] of [
      [{ status: '9' }, 'status'],
      [{ merchant_id: '0' }, 'merchant_id'],
      [{ merchant_id: 'x' }, 'merchant_id'],
      [{ keyword: 'k'.repeat(61) }, 'keyword'],
      [{ limit: '500' }, 'limit'],
      [{ shop: '1' }, 'shop'],
    ] as const) {
      expectRefusal(await support.get(a.orders.path, query), 'INVALID_INPUT', field, JSON.stringify(query));
    }
  });

  it('detail: the receiver unmasked even before pickup, with the shop; NOT_FOUND and bad ids', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id, {
      receiver: { name: 'Le Thi Hoa', phone: '+84 912 345 678', address: '5 Hang Bac, Hoan Kiem, Hanoi' },
    });
    const res = await support.call(a.order, { id: String(order.id) });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      id: order.id,
      merchant_id: m.id,
      receiver_name: 'Le Thi Hoa',
      receiver_phone: '+84 912 345 678',
      address: '5 Hang Bac, Hoan Kiem, Hanoi',
      masked: false,
      status: 5,
      money: { paid: '11.50', in_escrow: '11.50' },
    });
    expect(res.data.shop_name).toMatch(/^Shop /);
    // The merchant still sees it masked.
    expect((await m.client.call(r.detail, { id: String(order.id) })).data.masked).toBe(true);
    expectRefusal(await support.call(a.order, { id: '99999999' }), 'NOT_FOUND');
    expectRefusal(await support.get(a.order.path, { id: 'abc' }), 'INVALID_INPUT', 'id');
  });

  it('ship: 1 → 2 with carrier and tracking number, a timeline row by the operator, the audit entry and the merchant’s notice', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id, { status: 1 });
    const since = await lastAuditId(t);
    t.clock.advance(60_000);
    const res = await support.call(a.ship, { id: order.id, carrier: ' GHN ', tracking_no: 'GHN-0042' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      id: order.id,
      status: 2,
      carrier: 'GHN',
      tracking_no: 'GHN-0042',
      merchant_id: m.id,
    });
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 2,
      carrier: 'GHN',
      tracking_no: 'GHN-0042',
      shipped_at: t.clock.now(),
    });
    const opId = await operatorIdOf(support);
    const events = await t.database.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toMatchObject({
      status: 2,
      operator_id: opId,
      at: t.clock.now(),
      note: 'GHN GHN-0042',
    });
    expect(await auditSince(t, since)).toEqual([
      {
        operator_id: opId,
        action: 'order.ship',
        target_type: 'order',
        target_id: String(order.id),
        before: { status: 1, carrier: null, tracking_no: null },
        after: { status: 2, carrier: 'GHN', tracking_no: 'GHN-0042' },
        detail: null,
      },
    ]);
    expect((await noticesOf(t, m.id)).filter((n) => n.type === 'order_shipped')).toEqual([
      {
        type: 'order_shipped',
        title_key: 'notice.order_shipped',
        params: { order_no: order.order_no, carrier: 'GHN', tracking_no: 'GHN-0042' },
        ref_type: 'order',
        ref_id: order.id,
      },
    ]);
    const detail = await m.client.call(r.detail, { id: String(order.id) });
    expect(detail.data).toMatchObject({
      carrier: 'GHN',
      tracking_no: 'GHN-0042',
      shipped_at: new Date(t.clock.now()).toISOString(),
    });
  });

  it('ship refuses an order not awaiting shipment, one shipped already, a missing one, and bad bodies', async () => {
    const m = await ready();
    const paid = await newOrder(t, m.id);
    const since = await lastAuditId(t);
    expectRefusal(
      await support.call(a.ship, { id: paid.id, carrier: 'GHN', tracking_no: 'A1' }),
      'ORDER_STATUS_CHANGED',
    );
    const picked = await newOrder(t, m.id, { status: 1 });
    expect((await support.call(a.ship, { id: picked.id, carrier: 'GHN', tracking_no: 'A1' })).code).toBe(1);
    expectRefusal(
      await admin.call(a.ship, { id: picked.id, carrier: 'VNPost', tracking_no: 'B2' }),
      'ORDER_STATUS_CHANGED',
    );
    expectRefusal(
      await support.call(a.ship, { id: 99_999_999, carrier: 'GHN', tracking_no: 'A1' }),
      'NOT_FOUND',
    );
    expect((await orderRow(t, picked.id)).carrier).toBe('GHN');
    expect((await auditSince(t, since)).map((e) => e.action)).toEqual(['order.ship']);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ carrier: 'GHN', tracking_no: 'A1' }, 'id'],
      [{ id: picked.id, tracking_no: 'A1' }, 'carrier'],
      [{ id: picked.id, carrier: '   ', tracking_no: 'A1' }, 'carrier'],
      [{ id: picked.id, carrier: 'c'.repeat(61), tracking_no: 'A1' }, 'carrier'],
      [{ id: picked.id, carrier: 'GHN' }, 'tracking_no'],
      [{ id: picked.id, carrier: 'GHN', tracking_no: 'A 1' }, 'tracking_no'],
      [{ id: picked.id, carrier: 'GHN', tracking_no: 'A1', status: 2 }, 'status'],
    ];
    for (const [body, field] of bad) {
      expectRefusal(await support.post(a.ship.path, body), 'INVALID_INPUT', field, JSON.stringify(body));
    }
  });

  it('progress: 2 → 6 → 7 with notes and times, in order only', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id, { status: 2 });
    expectRefusal(await support.call(a.progress, { id: order.id, status: 7 }), 'ORDER_STATUS_CHANGED');
    t.clock.advance(1_000);
    const transit = await support.call(a.progress, { id: order.id, status: 6, note: 'Sorted at Da Nang' });
    expect(transit.code, transit.raw).toBe(1);
    expect(transit.data.status).toBe(6);
    const inTransitAt = t.clock.now();
    expectRefusal(await support.call(a.progress, { id: order.id, status: 6 }), 'ORDER_STATUS_CHANGED');
    t.clock.advance(1_000);
    expect((await admin.call(a.progress, { id: order.id, status: 7 })).data.status).toBe(7);
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 7,
      in_transit_at: inTransitAt,
      reached_at: t.clock.now(),
    });
    const detail = await m.client.call(r.detail, { id: String(order.id) });
    expect(detail.data.timeline.slice(-2)).toEqual([
      { status: 6, at: new Date(inTransitAt).toISOString(), note: 'Sorted at Da Nang' },
      { status: 7, at: new Date(t.clock.now()).toISOString(), note: null },
    ]);
    expect(
      (await noticesOf(t, m.id)).filter((n) => n.type === 'order_progress').map((n) => n.params),
    ).toEqual([
      { order_no: order.order_no, status: 6, note: 'Sorted at Da Nang' },
      { order_no: order.order_no, status: 7, note: null },
    ]);
    expectRefusal(await support.call(a.progress, { id: 99_999_999, status: 6 }), 'NOT_FOUND');
    for (const [body, field] of [
      [{ id: order.id, status: 2 }, 'status'],
      [{ id: order.id, status: '6' }, 'status'],
      [{ id: order.id }, 'status'],
      [{ id: order.id, status: 6, note: 'n'.repeat(201) }, 'note'],
      [{ id: -1, status: 6 }, 'id'],
    ] as const) {
      expectRefusal(await support.post(a.progress.path, body), 'INVALID_INPUT', field, JSON.stringify(body));
    }
  });

  it('roles: orders and shipping for support and admin, appeals also for reviewers; a catalogue operator is FORBIDDEN, a merchant is not an operator', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id, { status: 1 });
    const refund = await askRefund(t, await newOrder(t, m.id, { status: 2 }));
    for (const role of ['catalogue', 'reviewer'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(a.ship, { id: order.id, carrier: 'GHN', tracking_no: 'X1' }), 'FORBIDDEN');
      expectRefusal(await op.call(a.progress, { id: order.id, status: 6 }), 'FORBIDDEN');
      expectRefusal(await op.call(a.orders, {}), 'FORBIDDEN');
      expectRefusal(await op.call(a.order, { id: String(order.id) }), 'FORBIDDEN');
      expectRefusal(await op.post(a.shipCsv.path, {}), 'FORBIDDEN');
    }
    // Refund appeals are a work queue of the reviewers' too; not of the catalogue team.
    const catalogue = await newOperator(t, 'catalogue');
    expectRefusal(await catalogue.call(a.appeals, {}), 'FORBIDDEN');
    expectRefusal(
      await catalogue.call(a.arbitrate, { id: refund.id, decision: 'refund', reason: 'x' }),
      'FORBIDDEN',
    );
    const reviewer = await newOperator(t, 'reviewer');
    expect((await reviewer.call(a.appeals, {})).code).toBe(1);
    // Admitted to the row, the reviewer meets the rule: this refund was never appealed.
    expectRefusal(
      await reviewer.call(a.arbitrate, { id: refund.id, decision: 'refund', reason: 'x' }),
      'ALREADY_RESOLVED',
    );
    const asMerchant = await m.client.post(a.ship.path, { id: order.id, carrier: 'GHN', tracking_no: 'X1' });
    expect(asMerchant.status).toBe(401);
    expect((await orderRow(t, order.id)).status).toBe(1);
  });

  it('appeals: the refunds appealed to the platform, oldest first, with their shop; filtered by state', async () => {
    const m = await ready();
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const refund = await askRefund(t, await newOrder(t, m.id, { status: 7 }), { amount: '2.00' });
      await m.client.call(r.refundAudit, { id: refund.id, action: 'reject', reason: 'Delivered intact' });
      await appealRefund(t, refund.id, 'It arrived broken, photos attached');
      ids.push(refund.id);
    }
    // A refund only rejected is not an appeal.
    const rejected = await askRefund(t, await newOrder(t, m.id, { status: 7 }));
    await m.client.call(r.refundAudit, { id: rejected.id, action: 'reject', reason: 'No' });

    const res = await support.call(a.appeals, { status: 'appealed' });
    expect(res.code, res.raw).toBe(1);
    const mine = res.data.list.filter((x) => x.merchant_id === m.id);
    expect(mine.map((x) => x.id)).toEqual(ids);
    expect(mine[0]).toMatchObject({
      status: 'appealed',
      reject_reason: 'Delivered intact',
      appeal_statement: 'It arrived broken, photos attached',
      amount: '2.00',
    });
    expect(mine[0]!.shop_name).toMatch(/^Shop /);
    expect(res.data.list.some((x) => x.id === rejected.id)).toBe(false);
    expectRefusal(await support.get(a.appeals.path, { status: 'pending' }), 'INVALID_INPUT', 'status');
  });

  it('arbitrate for the buyer: the approval’s money path (after shipping: the amount; before: cancel and cost back), audited and told', async () => {
    const m = await ready('50.00');
    const shipped = await newOrder(t, m.id, { status: 6 });
    const listing = await newListing(t, m.id, { stock: 3 });
    const unshipped = await newOrder(t, m.id, { listing, status: 1 });
    const r1 = await askRefund(t, shipped, { amount: '3.00' });
    const r2 = await askRefund(t, unshipped, { amount: '1.00' });
    for (const id of [r1.id, r2.id]) {
      await m.client.call(r.refundAudit, { id, action: 'reject', reason: 'Not agreed' });
      await appealRefund(t, id);
    }
    expect(await balanceOf(m)).toBe('30.00');
    const since = await lastAuditId(t);
    const opId = await operatorIdOf(support);

    const res = await support.call(a.arbitrate, {
      id: r1.id,
      decision: 'refund',
      reason: 'Photos show the damage',
    });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      id: r1.id,
      status: 'appeal_refunded',
      decision_reason: 'Photos show the damage',
    });
    expect(await orderRow(t, shipped.id)).toMatchObject({ status: 6, refunded: 300, refund_open: 0 });
    expect((await journalsOf(t, { type: 'refund', id: r1.id }))[0]!.postings).toEqual({
      'platform:escrow': -300,
      'platform:payout_clearing': 300,
    });

    expect(
      (await support.call(a.arbitrate, { id: r2.id, decision: 'refund', reason: 'Never shipped' })).code,
    ).toBe(1);
    expect(await orderRow(t, unshipped.id)).toMatchObject({
      status: -1,
      refunded: 1_150,
      cost_returned: 1_000,
    });
    expect(await balanceOf(m)).toBe('40.00');
    expect(
      (
        await t.database.db
          .selectFrom('products')
          .select('stock')
          .where('id', '=', listing.productId)
          .executeTakeFirstOrThrow()
      ).stock,
    ).toBe(3);

    const entries = await auditSince(t, since);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      operator_id: opId,
      action: 'refund.arbitrate.refund',
      target_type: 'refund',
      target_id: String(r1.id),
      before: { status: 'appealed', decision_reason: null },
      after: { status: 'appeal_refunded', decision_reason: 'Photos show the damage' },
      detail: { order_id: shipped.id },
    });
    expect(
      (await noticesOf(t, m.id)).filter((n) => n.type === 'refund_arbitrated').map((n) => n.params),
    ).toEqual([
      { order_no: shipped.order_no, decision: 'refund', amount: '3.00', reason: 'Photos show the damage' },
      { order_no: unshipped.order_no, decision: 'refund', amount: '1.00', reason: 'Never shipped' },
    ]);
  });

  it('arbitrate against the buyer upholds the rejection; decided once; bad bodies and a missing key refused', async () => {
    const m = await ready();
    const order = await newOrder(t, m.id, { status: 7 });
    const refund = await askRefund(t, order);
    // Not appealed yet: nothing to arbitrate.
    expectRefusal(
      await support.call(a.arbitrate, { id: refund.id, decision: 'refund', reason: 'x' }),
      'ALREADY_RESOLVED',
    );
    await m.client.call(r.refundAudit, { id: refund.id, action: 'reject', reason: 'Signed for intact' });
    await appealRefund(t, refund.id);
    expect((await orderRow(t, order.id)).refund_open).toBe(1);

    const key = randomUUID();
    const first = await support.call(
      a.arbitrate,
      { id: refund.id, decision: 'reject', reason: 'The delivery photo shows it intact' },
      { idempotencyKey: key },
    );
    expect(first.code, first.raw).toBe(1);
    expect(first.data).toMatchObject({
      status: 'appeal_rejected',
      decision_reason: 'The delivery photo shows it intact',
    });
    const again = await support.call(
      a.arbitrate,
      { id: refund.id, decision: 'reject', reason: 'The delivery photo shows it intact' },
      { idempotencyKey: key },
    );
    expect(again.raw).toBe(first.raw);
    expect(await orderRow(t, order.id)).toMatchObject({ refund_open: 0, refunded: 0, status: 7 });
    expect(await journalsOf(t, { type: 'refund', id: refund.id })).toEqual([]);
    expectRefusal(
      await admin.call(a.arbitrate, { id: refund.id, decision: 'refund', reason: 'Changed my mind' }),
      'ALREADY_RESOLVED',
    );
    expectRefusal(
      await support.call(a.arbitrate, { id: 99_999_999, decision: 'refund', reason: 'x' }),
      'NOT_FOUND',
    );
    expect((await noticesOf(t, m.id)).filter((n) => n.type === 'refund_arbitrated')).toHaveLength(1);

    // Two operators at once: one decision.
    const r2 = await askRefund(t, await newOrder(t, m.id, { status: 7 }), { amount: '1.00' });
    await m.client.call(r.refundAudit, { id: r2.id, action: 'reject', reason: 'No' });
    await appealRefund(t, r2.id);
    const both = await Promise.all([
      support.call(a.arbitrate, { id: r2.id, decision: 'refund', reason: 'Yes' }),
      admin.call(a.arbitrate, { id: r2.id, decision: 'reject', reason: 'No' }),
    ]);
    expect(both.filter((x) => x.code === 1)).toHaveLength(1);
    for (const x of both.filter((y) => y.code !== 1)) expectRefusal(x, 'ALREADY_RESOLVED');

    expectRefusal(
      await support.call(
        a.arbitrate,
        { id: r2.id, decision: 'refund', reason: 'x' },
        { idempotencyKey: null },
      ),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    for (const [body, field] of [
      [{ decision: 'refund', reason: 'x' }, 'id'],
      [{ id: r2.id, decision: 'approve', reason: 'x' }, 'decision'],
      [{ id: r2.id, decision: 'refund' }, 'reason'],
      [{ id: r2.id, decision: 'refund', reason: '' }, 'reason'],
      [{ id: r2.id, decision: 'refund', reason: 'x', amount: '1.00' }, 'amount'],
    ] as const) {
      const res = await support.post(a.arbitrate.path, body, {
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expectRefusal(res, 'INVALID_INPUT', field, JSON.stringify(body));
    }
  });
});
