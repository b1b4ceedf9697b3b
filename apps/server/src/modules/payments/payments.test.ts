import { storeRoutes as r } from '@dropdesk/contract/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { Client, expectRefusal } from '../../../test/client';
import { refusedWith } from '../../../test/services';
import {
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
import { moveOrder } from '../orders/transitions';
import { paymentsRepository } from './payments.repository';
import { Payments } from './payments.service';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_MS, signPayload, verifySignature } from './signature';
import { testProvider } from './test-provider';

describe('webhook signatures', () => {
  const secret = 'whsec_0123456789';
  const body = '{"id":"evt_1"}';
  const now = 1_800_000_000_000;

  it('accepts its own signature, in time, and with a second (rotated) v1', () => {
    expect(verifySignature(secret, body, signPayload(secret, body, now), now)).toBe('ok');
    const rotated = `${signPayload('old-secret', body, now)},v1=${signPayload(secret, body, now).split('v1=')[1]}`;
    expect(verifySignature(secret, body, rotated, now)).toBe('ok');
    expect(verifySignature(secret, body, signPayload(secret, body, now), now + SIGNATURE_TOLERANCE_MS)).toBe(
      'ok',
    );
  });

  it('refuses a missing, malformed, forged or altered signature, and a stale or far-future one', () => {
    const good = signPayload(secret, body, now);
    expect(verifySignature(secret, body, undefined, now)).toBe('missing');
    expect(verifySignature(secret, body, '', now)).toBe('missing');
    expect(verifySignature(secret, body, 'v1=abc', now)).toBe('bad');
    expect(verifySignature(secret, body, `t=${now}`, now)).toBe('bad');
    expect(verifySignature(secret, body, `t=${now},v1=zz`, now)).toBe('bad');
    expect(verifySignature(secret, body, signPayload('another-secret', body, now), now)).toBe('bad');
    expect(verifySignature(secret, `${body} `, good, now)).toBe('bad');
    // A signature over another time does not fit this one.
    expect(verifySignature(secret, body, good.replace(`t=${now}`, `t=${now + 1}`), now)).toBe('bad');
    expect(verifySignature(secret, body, good, now + SIGNATURE_TOLERANCE_MS + 1)).toBe('stale');
    expect(verifySignature(secret, body, good, now - SIGNATURE_TOLERANCE_MS - 1)).toBe('stale');
  });
});

/**
 * The test provider's payments over HTTP, through the webhook path a real provider uses: forged,
 * stale, repeated and replayed events move no money twice; a payment for an order already
 * cancelled is recorded and refunded at once.
 */
describe(`payments (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
  });
  afterAll(() => t.close());

  const provider = () => testProvider(t.config.orders.webhookSecret);

  /** Sends a webhook request as the provider would, signed (or not) as given. */
  async function webhook(
    body: string,
    headers: Record<string, string>,
    path = '/store/payments/webhook/test',
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  }

  async function unpaid() {
    const item = await onShelf(t, { cost: '10.00', stock: 10 });
    const placed = await placeOrder(guest(t), item.listingId);
    const payment = (await paymentsRepository.byId(t.database.db, placed.payment.id))!;
    return { item, placed, payment };
  }

  const succeeded = (payment: { provider_ref: string; amount: number }, id = `evt_${Math.random()}`) =>
    provider().signedEvent(
      { id, type: 'payment.succeeded', paymentRef: payment.provider_ref, amount: payment.amount },
      t.clock.now(),
    );

  it('a signed event pays the order once; the same event again, or replayed, answers 200 and moves nothing', async () => {
    const { placed, payment } = await unpaid();
    const before = await escrow(t);
    const event = succeeded(payment);
    const first = await webhook(event.body, event.headers);
    expect(first).toEqual({
      status: 200,
      body: { code: 1, msg: expect.any(String), data: { received: true, applied: true } },
    });
    const again = await webhook(event.body, event.headers);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ received: true, applied: false });
    // Another event id for the same payment: the payment has already succeeded.
    const other = succeeded(payment);
    expect((await webhook(other.body, other.headers)).body.data).toEqual({ received: true, applied: false });
    // Replays, racing.
    const replays = await Promise.all(Array.from({ length: 5 }, () => webhook(event.body, event.headers)));
    for (const res of replays) expect(res.status).toBe(200);
    expect(await orderJournals(t, placed.order.id)).toEqual([
      { type: 'order_payment', postings: { 'platform:deposit_clearing': -1150, 'platform:escrow': 1150 } },
    ]);
    expect(await escrow(t)).toBe(before + 1150);
    expect(await paymentsRepository.eventCount(t.database.db, payment.id)).toBe(2);
  });

  it('refuses a forged, unsigned, malformed or stale event with HTTP 400, and an unknown provider with 404', async () => {
    const { placed, payment } = await unpaid();
    const event = succeeded(payment);
    const forged = signPayload('not-the-secret', event.body, t.clock.now());
    for (const [headers, reason] of [
      [{ [SIGNATURE_HEADER]: forged }, 'bad'],
      [{}, 'missing'],
      [{ [SIGNATURE_HEADER]: 'nonsense' }, 'bad'],
    ] as const) {
      const res = await webhook(event.body, headers);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error: 'INVALID_INPUT', data: { reason } });
    }
    // The body altered after signing (another amount).
    const altered = event.body.replace(`"amount":${payment.amount}`, '"amount":1');
    expect((await webhook(altered, event.headers)).status).toBe(400);
    // Signed, but not JSON of an event.
    const junk = '{"hello":"world"}';
    const junkRes = await webhook(junk, {
      [SIGNATURE_HEADER]: signPayload(t.config.orders.webhookSecret, junk, t.clock.now()),
    });
    expect(junkRes).toMatchObject({ status: 400, body: { data: { reason: 'malformed' } } });
    expect((await webhook(event.body, event.headers, '/store/payments/webhook/paypal')).status).toBe(404);

    // Replayed later than 5 minutes: refused, and it moved nothing either time.
    t.clock.advance(SIGNATURE_TOLERANCE_MS + 1_000);
    const stale = await webhook(event.body, event.headers);
    expect(stale).toMatchObject({ status: 400, body: { error: 'INVALID_INPUT', data: { reason: 'stale' } } });
    expect(await orderJournals(t, placed.order.id)).toEqual([]);
    expect((await paymentsRepository.byId(t.database.db, payment.id))?.status).toBe('created');
  });

  it('a failed payment leaves the order waiting; the buyer may pay again', async () => {
    const { placed } = await unpaid();
    expect((await payTest(t, placed.payment.id, 'fail')).status).toBe('failed');
    const seen = await guest(t).call(
      r.order,
      { id: String(placed.order.id) },
      withOrderToken(placed.order_token),
    );
    expect(seen.data.order).toMatchObject({ status: 0, can: { pay: true } });
    expect((await payTest(t, placed.payment.id)).status).toBe('succeeded');
    expect((await payTest(t, placed.payment.id, 'fail')).status, 'a success stays').toBe('succeeded');
    expect(await orderJournals(t, placed.order.id)).toHaveLength(1);
  });

  it('money for an order cancelled before it arrived is recorded and refunded at once', async () => {
    const { item, placed, payment } = await unpaid();
    const cancel = await guest(t).call(r.cancel, { id: placed.order.id }, withOrderToken(placed.order_token));
    expect(cancel.data.status).toBe(-1);
    expect(await stockOf(t, item.productId)).toBe(10);
    const before = await escrow(t);
    const event = succeeded(payment);
    expect((await webhook(event.body, event.headers)).body.data.applied).toBe(true);
    expect(await orderJournals(t, placed.order.id)).toEqual([
      { type: 'order_payment', postings: { 'platform:deposit_clearing': -1150, 'platform:escrow': 1150 } },
      { type: 'refund', postings: { 'platform:escrow': -1150, 'platform:payout_clearing': 1150 } },
    ]);
    expect(await escrow(t)).toBe(before);
    expect((await paymentsRepository.byId(t.database.db, payment.id))?.status).toBe('refunded');
    const seen = await guest(t).call(
      r.order,
      { id: String(placed.order.id) },
      withOrderToken(placed.order_token),
    );
    expect(seen.data.order).toMatchObject({ status: -1, money: { paid: '11.50', refunded: '11.50' } });
    // The same event again moves nothing.
    expect((await webhook(event.body, event.headers)).body.data.applied).toBe(false);
    expect(await orderJournals(t, placed.order.id)).toHaveLength(2);
  });

  it('also when the timeout cancelled it (any cancellation, not only the buyer)', async () => {
    const { placed, payment } = await unpaid();
    await t.database.db
      .transaction()
      .execute((tx) =>
        moveOrder(
          tx,
          placed.order.id,
          {},
          { from: [0], to: -1, set: { cancelled_at: t.clock.now() } },
          t.clock.now(),
        ),
      );
    await payTest(t, payment.id);
    expect((await orderJournals(t, placed.order.id)).map((j) => j.type)).toEqual(['order_payment', 'refund']);
  });

  it('test pay: bad input, an unknown payment, and the same result for a signed-in buyer', async () => {
    const anon = new Client(t.app);
    expectRefusal(await anon.post(r.testPay.path, {}), 'INVALID_INPUT', 'payment_id');
    expectRefusal(
      await anon.post(r.testPay.path, { payment_id: 1, outcome: 'maybe' }),
      'INVALID_INPUT',
      'outcome',
    );
    expectRefusal(await anon.post(r.testPay.path, { payment_id: 1, extra: 1 }), 'INVALID_INPUT', 'extra');
    expectRefusal(await anon.call(r.testPay, { payment_id: 999_999_999 }), 'NOT_FOUND');
    const buyer = await newBuyer(t);
    const item = await onShelf(t);
    const placed = await placeOrder(buyer.client, item.listingId);
    expect((await payTest(t, placed.payment.id)).status).toBe('succeeded');
    expect((await buyer.client.call(r.order, { id: String(placed.order.id) })).data.order.status).toBe(5);
  });

  it('test pay is FORBIDDEN with a provider that is not a test one', async () => {
    const real = { ...testProvider('x'), testMode: false };
    const payments = new Payments({
      db: t.database.db,
      clock: t.clock,
      provider: real,
      currency: 'USD',
      log: t.app.log,
    });
    expect((await refusedWith(payments.testPay(1, 'succeed'))).key).toBe('FORBIDDEN');
  });
});
