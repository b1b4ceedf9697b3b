import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];

/**
 * Buyers, orders, payments and refunds (docs/design.md §5 "Storefront", "Orders", "Refunds";
 * docs/orders.md).
 *
 * - `buyers` sign in to the storefront with an email and a code (`buyer_codes`, hashed, one live
 *   code per email) and hold `buyer_sessions` (hashed tokens, like merchants' sessions). A guest
 *   orders without an account: the order keeps the email and the hash of its link token.
 * - `orders`: one product of one shop (`merchant_id`), with the prices of its day (unit price and
 *   cost, totals) so that a later repricing changes no order. `status` is the wire code; the
 *   settlement status is its own column. Money columns follow the order's journals (cost paid and
 *   returned, refunded, settled) so a list shows earnings without reading the ledger; the ledger
 *   check compares them. Indexes serve the merchant's list newest first by status or settlement
 *   (keyset on id) and the three clock-driven jobs (unpaid timeout, auto-confirm, settlement).
 * - `order_events`: the timeline, one row per status reached (and shipping notes), append-only.
 * - `payments`: one per payment attempt of an order at a provider; `payment_events` records each
 *   webhook event id once (unique), so a replayed or repeated event moves nothing twice.
 * - `refunds`: at most one per order (unique), decided once; appealed to an operator.
 * - `shop_visits` (one row per shop, day in the shop's time zone and visitor) and `shop_follows`:
 *   the events behind the dashboard's visitors and followers.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  const money = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  await db.schema
    .createTable('buyers')
    .$call(k.id())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('vi').check(k.oneOf('lang', LANGS)))
    .$call(k.timestamps)
    .execute();

  await db.schema
    .createTable('buyer_codes')
    .addColumn('email', 'text', k.key)
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', k.bigint, (c) => c.notNull())
    .addColumn('expires_at', k.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('buyer_sessions')
    .$call(k.id())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addColumn('last_seen_at', k.bigint, (c) => c.notNull())
    .addColumn('expires_at', k.bigint, (c) => c.notNull())
    .addColumn('revoked_at', k.bigint)
    .execute();
  await db.schema.createIndex('buyer_sessions_buyer').on('buyer_sessions').columns(['buyer_id']).execute();

  await db.schema
    .createTable('orders')
    .$call(k.id())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('buyer_id', 'integer', (c) => c.references('buyers.id'))
    .addColumn('guest_email', 'text')
    .addColumn('token_hash', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('vi').check(k.oneOf('lang', LANGS)))
    // The listing may be removed later; the order keeps the product and its own copy of the title.
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('set null'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price', k.bigint, (c) => c.notNull().check(sql`unit_price > 0`))
    .addColumn('unit_cost', k.bigint, (c) => c.notNull().check(sql`unit_cost > 0`))
    .addColumn('total', k.bigint, (c) => c.notNull())
    .addColumn('cost_total', k.bigint, (c) => c.notNull())
    // The codes are every integer from -1 to 7 (written without a negative literal, which
    // PostgreSQL would read back as '-1' and the schema parity test as a difference).
    .addColumn('status', 'integer', (c) => c.notNull().check(sql`status + 1 >= 0 and status <= 7`))
    .addColumn('settlement', 'integer', (c) => c.notNull().defaultTo(0).check(sql`settlement in (0, 1, 2)`))
    .addColumn('receiver_name', 'text', (c) => c.notNull())
    .addColumn('receiver_phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text')
    .addColumn('tracking_no', 'text')
    .addColumn('cost_paid', k.bigint, money)
    .addColumn('cost_returned', k.bigint, money)
    .addColumn('refunded', k.bigint, money)
    .addColumn('settled_amount', k.bigint, money)
    // 1 while a refund is asked or appealed: settlement waits, and (one row, one lock) a refund
    // asked and the settlement of the same order can't both pass.
    .addColumn('refund_open', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refund_open in (0, 1)`))
    .addColumn('rating_stars', 'integer', (c) => c.check(sql`rating_stars >= 1 and rating_stars <= 5`))
    .addColumn('rating_comment', 'text')
    .addColumn('rated_at', k.bigint)
    .addColumn('pay_deadline', k.bigint)
    .addColumn('paid_at', k.bigint)
    .addColumn('picked_at', k.bigint)
    .addColumn('shipped_at', k.bigint)
    .addColumn('in_transit_at', k.bigint)
    .addColumn('reached_at', k.bigint)
    .addColumn('received_at', k.bigint)
    .addColumn('settles_at', k.bigint)
    .addColumn('completed_at', k.bigint)
    .addColumn('settled_at', k.bigint)
    .addColumn('cancelled_at', k.bigint)
    .$call(k.timestamps)
    .addCheckConstraint(
      'orders_totals',
      sql`total = unit_price * quantity and cost_total = unit_cost * quantity`,
    )
    .addCheckConstraint('orders_buyer_or_guest', sql`buyer_id is not null or guest_email is not null`)
    .addCheckConstraint('orders_refund_within_paid', sql`refunded >= 0 and refunded <= total`)
    .execute();
  // The merchant's list, newest first, by status and by settlement (keyset on id).
  await db.schema.createIndex('orders_merchant').on('orders').columns(['merchant_id', 'id']).execute();
  await db.schema
    .createIndex('orders_merchant_status')
    .on('orders')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_merchant_settlement')
    .on('orders')
    .columns(['merchant_id', 'settlement', 'id'])
    .execute();
  await db.schema.createIndex('orders_buyer').on('orders').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('orders_guest').on('orders').columns(['guest_email']).execute();
  // The jobs: unpaid past the deadline, reached for 7 days, received past the after-sales window.
  await db.schema
    .createIndex('orders_status_deadline')
    .on('orders')
    .columns(['status', 'pay_deadline'])
    .execute();
  await db.schema
    .createIndex('orders_status_reached')
    .on('orders')
    .columns(['status', 'reached_at'])
    .execute();
  await db.schema
    .createIndex('orders_settlement_due')
    .on('orders')
    .columns(['settlement', 'settles_at'])
    .execute();

  await db.schema
    .createTable('order_events')
    .$call(k.id('bigint'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();
  await k.appendOnly('order_events');

  await db.schema
    .createTable('payments')
    .$call(k.id())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('amount', k.bigint, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(k.oneOf('status', ['created', 'succeeded', 'failed', 'refunded'])),
    )
    .addColumn('journal_id', 'integer', (c) => c.references('journals.id'))
    .addColumn('succeeded_at', k.bigint)
    .$call(k.timestamps)
    .execute();
  await db.schema
    .createIndex('payments_provider_ref')
    .on('payments')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema.createIndex('payments_order').on('payments').columns(['order_id']).execute();

  await db.schema
    .createTable('payment_events')
    .$call(k.id())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_events_event')
    .on('payment_events')
    .columns(['provider', 'event_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('refunds')
    .$call(k.id())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('amount', k.bigint, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('goods_received', 'integer', (c) => c.notNull().check(sql`goods_received in (0, 1)`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(
          k.oneOf('status', [
            'pending',
            'approved',
            'rejected',
            'appealed',
            'appeal_refunded',
            'appeal_rejected',
          ]),
        ),
    )
    .addColumn('reject_reason', 'text')
    .addColumn('appeal_statement', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('journal_id', 'integer', (c) => c.references('journals.id'))
    .addColumn('appealed_at', k.bigint)
    .addColumn('resolved_at', k.bigint)
    .$call(k.timestamps)
    .execute();
  await db.schema.createIndex('refunds_merchant').on('refunds').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'id']).execute();

  await db.schema
    .createTable('shop_visits')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    /** The day in the shop's time zone, `YYYY-MM-DD`. */
    .addColumn('day', 'text', (c) => c.notNull())
    /** A hash of the storefront's visitor id (the id itself is not kept). */
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('at', k.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_visits_pkey', ['merchant_id', 'day', 'visitor'])
    .execute();

  await db.schema
    .createTable('shop_follows')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_follows_pkey', ['merchant_id', 'buyer_id'])
    .execute();
  await db.schema.createIndex('shop_follows_buyer').on('shop_follows').columns(['buyer_id']).execute();
}
