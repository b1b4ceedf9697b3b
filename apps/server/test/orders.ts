import { randomBytes } from 'node:crypto';
import { sellingPrice } from '@dropdesk/contract/catalogue';
import { foldText } from '@dropdesk/contract/fold';
import { parseMoney } from '@dropdesk/contract/money';
import { AFTER_SALES_MS, type OrderStatus } from '@dropdesk/contract/orders';
import { expect } from 'vitest';
import type { OrderRow } from '../src/db/schema';
import { marginOf } from '../src/modules/catalogue/catalogue.service';
import { ListingsService } from '../src/modules/catalogue/listings.service';
import { paymentJournal, pickupJournal } from '../src/modules/orders/order-money';
import { moveOrder, updateOrderIn } from '../src/modules/orders/transitions';
import type { TestApp } from './app';
import { newProduct } from './catalogue';

/**
 * TEST-ONLY. Orders in a given state for the tests of the merchant's and operator's side, made
 * without the storefront's HTTP calls (the storefront builds those, and has its own tests).
 *
 * Nothing here is a way to create orders outside tests (docs/design.md §1: every order is placed and paid by
 * a buyer). Each step goes through the functions the real paths use, so the ledger and the order's
 * money columns stay what the storefront and the services would leave: the order row is inserted as
 * placing does (stock reserved), paid with `paymentJournal` + `moveOrder(0 → 5)` beside a payments
 * row (units counted sold), picked up with `moveOrder(5 → 1)` + `pickupJournal`, moved on by
 * `moveOrder`; a refund is asked (and appealed) as the buyer's calls do, with the order's refund
 * marked open (the storefront's own conditions: store-orders.repository `openRefund`).
 */

let seq = 0;

export interface ShopListing {
  productId: number;
  listingId: number;
  /** Minor units. */
  cost: number;
  price: number;
}

/** A catalogue product listed in the merchant's shop (through ListingsService, quota and all). */
export async function newListing(
  t: TestApp,
  merchantId: number,
  opts: { cost?: string | number; stock?: number } = {},
): Promise<ShopListing> {
  const productId = await newProduct(t, { cost: opts.cost ?? '10.00', stock: opts.stock ?? 100 });
  await new ListingsService({ db: t.database.db, clock: t.clock }).add(merchantId, [productId]);
  const db = t.database.db;
  const listing = await db
    .selectFrom('listings')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  const product = await db
    .selectFrom('products')
    .select('cost')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return {
    productId,
    listingId: listing.id,
    cost: product.cost,
    price: sellingPrice(product.cost, await marginOf(db, merchantId)),
  };
}

/** How far `newOrder` takes an order along the happy path. */
export type HelperStatus = Extract<OrderStatus, 0 | 5 | 1 | 2 | 6 | 7 | 3>;
const PATH: readonly HelperStatus[] = [0, 5, 1, 2, 6, 7, 3];

export interface NewOrderOptions {
  /** The listing to order (default: a new product at 10.00, listed for this order). */
  listing?: ShopListing;
  quantity?: number;
  /** Default 5 (paid, awaiting pickup). Picking up (1 and beyond) needs the cost in the wallet. */
  status?: HelperStatus;
  /** When an unpaid order lapses (default: 30 minutes after placing). */
  payDeadline?: number;
  receiver?: { name: string; phone: string; address: string };
  title?: string;
}

export interface TestOrder extends OrderRow {
  listing: ShopListing;
}

/** An order of `merchantId`'s shop, placed by a guest buyer and taken to `opts.status`. */
export async function newOrder(
  t: TestApp,
  merchantId: number,
  opts: NewOrderOptions = {},
): Promise<TestOrder> {
  const db = t.database.db;
  const listing = opts.listing ?? (await newListing(t, merchantId));
  const quantity = opts.quantity ?? 1;
  const target = opts.status ?? 5;
  const now = t.clock.now();
  const n = `${now.toString(36)}${(++seq).toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();
  const title =
    opts.title ??
    (
      await db
        .selectFrom('product_texts')
        .select('title')
        .where('product_id', '=', listing.productId)
        .executeTakeFirst()
    )?.title ??
    'Product';
  const receiver = opts.receiver ?? {
    name: 'Tran Thi B',
    phone: '+84 901 234 567',
    address: '12 Le Loi, District 1, Ho Chi Minh City',
  };

  let order = await db.transaction().execute(async (tx) => {
    // Placing reserves the units, as checkout does.
    const reserved = await tx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', listing.productId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) !== 1) throw new Error('newOrder: out of stock');
    const row = await tx
      .insertInto('orders')
      .values({
        order_no: `T${n}`,
        merchant_id: merchantId,
        buyer_id: null,
        guest_email: `buyer${n.toLowerCase()}@example.com`,
        token_hash: randomBytes(32).toString('hex'),
        lang: 'en',
        listing_id: listing.listingId,
        product_id: listing.productId,
        title,
        title_fold: foldText(title),
        image_url: null,
        quantity,
        unit_price: listing.price,
        unit_cost: listing.cost,
        total: listing.price * quantity,
        cost_total: listing.cost * quantity,
        status: 0,
        receiver_name: receiver.name,
        receiver_phone: receiver.phone,
        address: receiver.address,
        carrier: null,
        tracking_no: null,
        rating_stars: null,
        rating_comment: null,
        rated_at: null,
        pay_deadline: opts.payDeadline ?? now + t.config.orders.unpaidTimeoutMs,
        paid_at: null,
        picked_at: null,
        shipped_at: null,
        in_transit_at: null,
        reached_at: null,
        received_at: null,
        settles_at: null,
        completed_at: null,
        settled_at: null,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('order_events')
      .values({ order_id: row.id, status: 0, note: null, operator_id: null, at: now })
      .execute();
    return row;
  });

  const steps = PATH.slice(1, PATH.indexOf(target) + 1);
  for (const step of steps) order = await advance(t, order, step);
  return { ...order, listing };
}

/** Takes an order one step along the happy path, the way the real path moves it. */
async function advance(t: TestApp, order: OrderRow, to: HelperStatus): Promise<OrderRow> {
  const now = t.clock.now();
  return t.database.db.transaction().execute(async (tx) => {
    switch (to) {
      case 5: {
        // The payment provider's confirmation: a payments row, escrow holds what the buyer paid.
        const payment = await tx
          .insertInto('payments')
          .values({
            order_id: order.id,
            provider: 'test',
            provider_ref: `test_${order.order_no}`,
            amount: order.total,
            status: 'succeeded',
            journal_id: null,
            succeeded_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const paid = await moveOrder(tx, order.id, {}, { from: [0], to: 5, set: { paid_at: now } }, now);
        const journal = await paymentJournal(tx, paid, payment.id, now);
        await tx
          .updateTable('payments')
          .set({ journal_id: journal.id })
          .where('id', '=', payment.id)
          .execute();
        // Paid units count as sold, in the product and in this shop's listing.
        await tx
          .updateTable('products')
          .set((eb) => ({ sales: eb('sales', '+', paid.quantity) }))
          .where('id', '=', paid.product_id)
          .execute();
        if (paid.listing_id !== null)
          await tx
            .updateTable('listings')
            .set((eb) => ({ sales: eb('sales', '+', paid.quantity) }))
            .where('id', '=', paid.listing_id)
            .execute();
        return paid;
      }
      case 1: {
        const picked = await moveOrder(
          tx,
          order.id,
          {},
          { from: [5], to: 1, set: { picked_at: now, cost_paid: order.cost_total } },
          now,
        );
        await pickupJournal(tx, picked, now);
        return picked;
      }
      case 2:
        return moveOrder(
          tx,
          order.id,
          {},
          { from: [1], to: 2, set: { carrier: 'VNPost', tracking_no: `VN${order.id}`, shipped_at: now } },
          now,
        );
      case 6:
        return moveOrder(tx, order.id, {}, { from: [2], to: 6, set: { in_transit_at: now } }, now);
      case 7:
        return moveOrder(tx, order.id, {}, { from: [6], to: 7, set: { reached_at: now } }, now);
      case 3:
        // The buyer confirms receipt: the after-sales window opens.
        return moveOrder(
          tx,
          order.id,
          {},
          { from: [7], to: 3, set: { received_at: now, settles_at: now + AFTER_SALES_MS, settlement: 1 } },
          now,
        );
      default:
        throw new Error(`newOrder: no step to ${to}`);
    }
  });
}

/**
 * The buyer asks for a refund, as the storefront's call does: a pending refund row and the order's
 * refund marked open (one conditional UPDATE, so an ask and the settlement of the order can't both
 * pass). Throws the refusal when the order can no longer be refunded.
 */
export async function askRefund(
  t: TestApp,
  order: Pick<OrderRow, 'id' | 'merchant_id' | 'total'>,
  opts: { amount?: string; reason?: string; goodsReceived?: boolean } = {},
) {
  const now = t.clock.now();
  const amount = opts.amount === undefined ? order.total : parseMoney(opts.amount);
  if (amount === null) throw new Error(`not an amount: ${opts.amount}`);
  return t.database.db.transaction().execute(async (tx) => {
    await updateOrderIn(tx, order.id, [5, 1, 2, 6, 7, 3], { refund_open: 1 }, now, { refund_open: 0 });
    return tx
      .insertInto('refunds')
      .values({
        order_id: order.id,
        merchant_id: order.merchant_id,
        amount,
        reason: opts.reason ?? 'Wrong size',
        goods_received: opts.goodsReceived ? 1 : 0,
        status: 'pending',
        reject_reason: null,
        appeal_statement: null,
        decision_reason: null,
        operator_id: null,
        journal_id: null,
        appealed_at: null,
        resolved_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The buyer appeals a rejected refund, as the storefront's call does: appealed, the refund open again. */
export async function appealRefund(t: TestApp, refundId: number, statement = 'The parcel arrived broken') {
  const now = t.clock.now();
  return t.database.db.transaction().execute(async (tx) => {
    const refund = await tx
      .updateTable('refunds')
      .set({ status: 'appealed', appeal_statement: statement, appealed_at: now, updated_at: now })
      .where('id', '=', refundId)
      .where('status', '=', 'rejected')
      .returningAll()
      .executeTakeFirstOrThrow();
    await updateOrderIn(tx, refund.order_id, [5, 1, 2, 6, 7, 3], { refund_open: 1 }, now, { refund_open: 0 });
    return refund;
  });
}

export async function orderRow(t: TestApp, id: number): Promise<OrderRow> {
  return t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The journals of one type about an order (ref order) or a refund, with postings `account key → amount`. */
export async function journalsOf(t: TestApp, ref: { type: string; id: number }, type?: string) {
  const db = t.database.db;
  let q = db
    .selectFrom('journals')
    .select(['id', 'type', 'merchant_id'])
    .where('ref_type', '=', ref.type)
    .where('ref_id', '=', ref.id);
  if (type) q = q.where('type', '=', type as never);
  return withPostings(t, await q.orderBy('id').execute());
}

/** Journals with their postings as `account key → amount`. */
export async function withPostings<J extends { id: number }>(t: TestApp, journals: readonly J[]) {
  const out = [];
  for (const j of journals) {
    const postings = await t.database.db
      .selectFrom('postings as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['a.key', 'p.amount'])
      .where('p.journal_id', '=', j.id)
      .execute();
    out.push({ ...j, postings: Object.fromEntries(postings.map((p) => [p.key, Number(p.amount)])) });
  }
  return out;
}

async function platformBalance(t: TestApp, kind: 'escrow' | 'supplier_payable'): Promise<number> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('balance')
    .where('key', '=', `platform:${kind}`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * The orders' money columns agree with the ledger: escrow holds exactly what paid orders still hold
 * (paid − refunded − settled), and the supplier is owed exactly the costs paid and not returned.
 * Only orders use these two accounts, and each test app has its own database.
 */
export async function expectOrdersMatchLedger(t: TestApp): Promise<void> {
  const orders = await t.database.db
    .selectFrom('orders')
    .select(['paid_at', 'total', 'refunded', 'settled_amount', 'cost_paid', 'cost_returned'])
    .execute();
  let escrow = 0;
  let supplier = 0;
  for (const o of orders) {
    if (o.paid_at !== null) escrow += o.total - o.refunded - o.settled_amount;
    supplier += o.cost_paid - o.cost_returned;
  }
  expect(await platformBalance(t, 'escrow'), 'escrow = what paid orders still hold').toBe(escrow);
  expect(await platformBalance(t, 'supplier_payable'), 'supplier payable = costs paid, not returned').toBe(
    supplier,
  );
}
