// Test helpers of the storefront.
import { createHash, randomBytes } from 'node:crypto';
import { catalogueRoutes } from '@dropdesk/contract/catalogue';
import { storeRoutes as r } from '@dropdesk/contract/store';
import { pickupJournal } from '../src/modules/orders/order-money';
import { moveOrder } from '../src/modules/orders/transitions';
import { buyersRepository } from '../src/modules/store/buyers.repository';
import type { TestApp } from './app';
import { type NewProductOptions, newProduct } from './catalogue';
import { Client } from './client';
import { type NewMerchantOptions, newMerchant, type TestMerchant } from './factories';
import { withPostings } from './orders';

export interface TestBuyer {
  id: number;
  email: string;
  token: string;
  client: Client;
}

/** A signed-in buyer made from rows: the buyer and a session opened the way login opens one. */
export async function newBuyer(t: TestApp, email = `b${randomBytes(5).toString('hex')}@example.com`) {
  const id = await t.database.db
    .transaction()
    .execute((tx) => buyersRepository.upsert(tx, email, 'en', t.clock.now()));
  const token = await t.app.buyerSessions.open(id);
  return { id, email, token, client: new Client(t.app, token) } satisfies TestBuyer;
}

/** A phone's browser, as people visit shops (automated clients' visits count nothing). */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const visitorsOf = new WeakMap<TestApp, Map<string, { cookie: string; ip: string }>>();

/**
 * A storefront visitor named `name`: the visitor cookie the server gives a browser with the shop's
 * page (`t.app.visitorIds.issue()`, what the page serving sets: the storefront is not built for most
 * tests; store/visits.test.ts loads real pages), and an address of its own, the same for the same
 * name, so the per-address bound never meets the visitors of a test that is about something else.
 */
export function visitorNamed(t: TestApp, name: string): { cookie: string; ip: string } {
  const known = visitorsOf.get(t) ?? new Map<string, { cookie: string; ip: string }>();
  visitorsOf.set(t, known);
  let v = known.get(name);
  if (!v) {
    const [a = 0, b = 0, c = 0] = createHash('sha256').update(name).digest();
    v = { cookie: `dd_visitor=${t.app.visitorIds.issue()}`, ip: `10.${a}.${b}.${c}` };
    known.set(name, v);
  }
  return v;
}

/** A page view of shop `shop` by the visitor named `name`, from a phone: whether it counted. */
export async function visitAs(t: TestApp, shop: number, name: string): Promise<boolean> {
  const { cookie, ip } = visitorNamed(t, name);
  const res = await new Client(t.app).call(
    r.visit,
    { shop },
    { headers: { cookie, 'user-agent': PHONE_UA }, ip },
  );
  if (res.code !== 1) throw new Error(`visit: ${res.raw}`);
  return res.data.counted;
}

/** A guest's client: no session; its order calls send the order link's token. */
export const guest = (t: TestApp) => new Client(t.app);
export const withOrderToken = (token: string | null) => ({
  headers: { 'order-token': token ?? undefined },
});

export interface ShelfItem {
  merchant: TestMerchant;
  productId: number;
  listingId: number;
}

/**
 * A product on a merchant's shelf: a catalogue product (cost 10.00 and stock 100 unless told),
 * listed through the merchant API. The merchant is new unless given.
 */
export async function onShelf(
  t: TestApp,
  opts: { merchant?: TestMerchant; merchantOptions?: NewMerchantOptions } & NewProductOptions = {},
): Promise<ShelfItem> {
  const { merchant: given, merchantOptions, ...product } = opts;
  const merchant = given ?? (await newMerchant(t, merchantOptions));
  const productId = await newProduct(t, product);
  const added = await merchant.client.call(catalogueRoutes.add, { product_ids: [productId] });
  if (added.code !== 1) throw new Error(`add failed: ${added.raw}`);
  const listing = await t.database.db
    .selectFrom('listings')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { merchant, productId, listingId: listing.id };
}

/** A complete checkout body for a listing. */
export function checkoutOf(listingId: number, overrides: Record<string, unknown> = {}) {
  return {
    listing_id: listingId,
    quantity: 1,
    receiver_name: 'Tran Thi B',
    receiver_phone: '+84901234567',
    address: '12 Le Loi, District 1, Ho Chi Minh City',
    ...overrides,
  };
}

/** Places an order (a guest's when the client has no session) and returns checkout's data. */
export async function placeOrder(client: Client, listingId: number, overrides: Record<string, unknown> = {}) {
  const body = client.token
    ? checkoutOf(listingId, overrides)
    : checkoutOf(listingId, { email: 'guest@example.com', ...overrides });
  const res = await client.call(r.checkout, body as never);
  if (res.code !== 1) throw new Error(`checkout failed: ${res.raw}`);
  return res.data;
}

/** Completes a test payment through the test page (the signed webhook path). */
export async function payTest(t: TestApp, paymentId: number, outcome: 'succeed' | 'fail' = 'succeed') {
  const res = await new Client(t.app).call(r.testPay, { payment_id: paymentId, outcome });
  if (res.code !== 1) throw new Error(`test payment failed: ${res.raw}`);
  return res.data;
}

/** An order placed and paid (status 5): by `client`, or by a new guest. */
export async function paidOrder(t: TestApp, listingId: number, client: Client = guest(t), overrides = {}) {
  const placed = await placeOrder(client, listingId, overrides);
  await payTest(t, placed.payment.id);
  return placed;
}

/** The platform's escrow balance (minor units). */
export async function escrow(t: TestApp): Promise<number> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('balance')
    .where('key', '=', 'platform:escrow')
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** A product's stock now. */
export async function stockOf(t: TestApp, productId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** The journals whose ref is the payment or the order, with their postings as `account → amount`. */
export async function orderJournals(t: TestApp, orderId: number) {
  const db = t.database.db;
  const payments = await db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute();
  const journals = await db
    .selectFrom('journals')
    .select(['id', 'type', 'ref_type', 'ref_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('ref_type', '=', 'order'), eb('ref_id', '=', orderId)]),
        ...(payments.length
          ? [
              eb.and([
                eb('ref_type', '=', 'payment'),
                eb(
                  'ref_id',
                  'in',
                  payments.map((p) => p.id),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return (await withPostings(t, journals)).map((j) => ({ type: j.type, postings: j.postings }));
}

/**
 * Moves a paid order along the merchant's and the operator's steps, as their services do (the
 * pickup with its journal, then shipping): 5 → 1 → 2 → 6 → 7, up to `to`. The merchant needs the
 * balance for the pickup.
 */
export async function advance(t: TestApp, orderId: number, to: 1 | 2 | 6 | 7): Promise<void> {
  const steps = [
    { from: 5, to: 1 },
    { from: 1, to: 2 },
    { from: 2, to: 6 },
    { from: 6, to: 7 },
  ] as const;
  for (const step of steps) {
    await t.database.db.transaction().execute(async (tx) => {
      const now = t.clock.now();
      const order = await tx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      if (order.status !== step.from) return;
      if (step.to === 1) {
        await pickupJournal(tx, order, now);
        await moveOrder(
          tx,
          orderId,
          {},
          { from: [5], to: 1, set: { picked_at: now, cost_paid: order.cost_total } },
          now,
        );
      } else if (step.to === 2) {
        await moveOrder(
          tx,
          orderId,
          {},
          { from: [1], to: 2, set: { shipped_at: now, carrier: 'VNPost', tracking_no: 'VN123' } },
          now,
        );
      } else if (step.to === 6) {
        await moveOrder(tx, orderId, {}, { from: [2], to: 6, set: { in_transit_at: now } }, now);
      } else {
        await moveOrder(tx, orderId, {}, { from: [6], to: 7, set: { reached_at: now } }, now);
      }
    });
    if (step.to === to) return;
  }
}

/** The merchant's rejection of a refund, as its service records it (the refund closes on the order). */
export async function rejectRefund(
  t: TestApp,
  orderId: number,
  reason = 'The goods were used',
): Promise<void> {
  const now = t.clock.now();
  await t.database.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('refunds')
      .set({ status: 'rejected', reject_reason: reason, resolved_at: now, updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .execute();
    await tx
      .updateTable('orders')
      .set({ refund_open: 0, updated_at: now })
      .where('id', '=', orderId)
      .execute();
  });
}
