import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * The operator console's money, merchants, queues and overview (docs/console-api.md):
 *
 * - `balance_adjustments`: a credit or debit of a merchant's wallet proposed by one admin with a
 *   reason, pending until a second admin approves it (its `adjustment` journal posts then) or
 *   someone rejects it. The database itself refuses an approval by the proposer (a check), beside
 *   the service's SELF_APPROVAL.
 * - `ledger_checks`: each run of the ledger check (the periodic job's or an operator's), its result,
 *   the first differences in words (JSON text, an array) and how long it took.
 * - Shop-name search for the merchants' list, each engine its own trigram index (as the catalogue's
 *   titles, 006): SQLite an FTS5 table `shop_search` with one row per shop (rowid = minus the
 *   merchant's id, so ascending rowids are newest first) kept by triggers on `shops`; PostgreSQL a
 *   pg_trgm GIN index on `shops.name`.
 * - Phone and email prefixes: SQLite reads them as a range of the unique indexes 001 made (binary
 *   collation); PostgreSQL's LIKE 'x%' needs a `text_pattern_ops` index whatever the database's
 *   collation, so it gets one per column.
 * - Indexes the console's lists and the overview read: merchants by status and by identity status;
 *   orders by status (the overview's counts, the shipping queue, the operators' status filter), by
 *   receiver phone (the buyer filter) and, on SQLite, by id alone (a deep page of every order); the dashboard's slots by slot (today's and this month's
 *   figures over all shops, covering the two columns summed); accounts by kind (the balances summed
 *   per kind).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);

  await db.schema
    .createTable('balance_adjustments')
    .$call(k.id())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('direction', 'text', (c) => c.notNull().check(k.oneOf('direction', ['credit', 'debit'])))
    .addColumn('amount', k.bigint, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(k.oneOf('status', ['pending', 'approved', 'rejected'])),
    )
    .addColumn('proposed_by', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('decided_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('decision_reason', 'text')
    .addColumn('journal_id', k.bigint, (c) => c.references('journals.id'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addColumn('decided_at', k.bigint)
    .addCheckConstraint(
      'balance_adjustments_four_eyes',
      sql`status <> 'approved' or (decided_by is not null and decided_by <> proposed_by)`,
    )
    .execute();
  await db.schema
    .createIndex('balance_adjustments_status')
    .on('balance_adjustments')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('balance_adjustments_merchant')
    .on('balance_adjustments')
    .columns(['merchant_id', 'id'])
    .execute();

  await db.schema
    .createTable('ledger_checks')
    .$call(k.id())
    .addColumn('ok', 'integer', (c) => c.notNull().check(sql`ok in (0, 1)`))
    .addColumn('problems', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('journals', k.bigint, (c) => c.notNull())
    .addColumn('postings', k.bigint, (c) => c.notNull())
    .addColumn('accounts', k.bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // Null: the periodic job ran it.
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .execute();

  if (engine === 'sqlite') {
    await sql`create virtual table shop_search using fts5(name, tokenize='trigram')`.execute(db);
    await sql`insert into shop_search (rowid, name) select -merchant_id, name from shops`.execute(db);
    for (const [name, body] of [
      [
        'shops_search_insert',
        'after insert on shops begin insert into shop_search (rowid, name) values (-new.merchant_id, new.name); end',
      ],
      [
        'shops_search_update',
        'after update of name on shops begin delete from shop_search where rowid = -old.merchant_id; insert into shop_search (rowid, name) values (-new.merchant_id, new.name); end',
      ],
      [
        'shops_search_delete',
        'after delete on shops begin delete from shop_search where rowid = -old.merchant_id; end',
      ],
    ] as const)
      await sql`create trigger ${sql.id(name)} ${sql.raw(body)}`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index shops_name_trgm on shops using gin (name gin_trgm_ops)`.execute(db);
    await sql`create index merchants_phone_pattern on merchants (phone text_pattern_ops)`.execute(db);
    await sql`create index merchants_email_pattern on merchants (email text_pattern_ops)`.execute(db);
  }

  await db.schema.createIndex('merchants_status').on('merchants').columns(['status', 'id']).execute();
  await db.schema.createIndex('merchants_kyc').on('merchants').columns(['kyc_status', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
  // SQLite only: its orders table is stored in id order, so a deep page of every order walked the
  // wide rows themselves; an index of the id alone is narrow (PostgreSQL's primary key index is that).
  if (engine === 'sqlite') await db.schema.createIndex('orders_id').on('orders').column('id').execute();
  await db.schema.createIndex('orders_receiver_phone').on('orders').columns(['receiver_phone']).execute();
  await db.schema
    .createIndex('shop_stat_slots_slot')
    .on('shop_stat_slots')
    .columns(['slot', 'orders', 'sales'])
    .execute();
  await db.schema.createIndex('accounts_kind').on('accounts').columns(['kind', 'balance']).execute();
}
