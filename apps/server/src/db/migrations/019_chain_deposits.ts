import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * Chain top-ups credited by the chain (docs/wallet.md "Chain deposits"). Until now a chain top-up
 * was a voucher an operator compared by eye against one shared platform address per network.
 *
 * - `chain_networks`: what an admin sets per network the watcher follows: the RPC node, the token
 *   contract and its decimals, the confirmations, and the extended public key merchants' deposit
 *   addresses are derived from (the server never holds a private key).
 * - `chain_addresses`: each merchant's own deposit address per network, derived at index = the
 *   merchant's id. Unique both ways: one address never serves two merchants.
 * - `chain_cursors`: per network, the last block the watcher scanned (and its hash, to see a
 *   reorganisation), the head it last saw, and its last error (the console's health).
 * - `chain_alerts`: what operators must look at: a credited transfer whose block left the chain.
 * - `recharges` gains the transfer's facts (hash, log index, block, sender, the exact token amount),
 *   and its voucher becomes optional: a watched transfer has none. `(network, tx_hash, log_index)`
 *   is unique, which is what makes a transfer credited at most once.
 *
 * Dropping `not null` from a column is one ALTER on PostgreSQL; SQLite can't, so there the table is
 * rebuilt (nothing references `recharges`, so no foreign key is in the way).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);

  await db.schema
    .createTable('chain_networks')
    .addColumn('network', 'text', k.key)
    .addColumn('kind', 'text', (c) => c.notNull().check(k.oneOf('kind', ['evm', 'tron'])))
    .addColumn('rpc_url', 'text', (c) => c.notNull())
    .addColumn('token_contract', 'text', (c) => c.notNull())
    .addColumn('token_decimals', 'integer', (c) =>
      c.notNull().check(sql`token_decimals >= 0 and token_decimals <= 36`),
    )
    .addColumn('confirmations', 'integer', (c) =>
      c.notNull().check(sql`confirmations >= 1 and confirmations <= 1000`),
    )
    .addColumn('xpub', 'text', (c) => c.notNull())
    .addColumn('start_block', k.bigint, (c) => c.notNull().check(sql`start_block >= 0`))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
    .addColumn('updated_by', 'integer', (c) => c.references('operators.id'))
    .$call(k.timestamps)
    .execute();

  await db.schema
    .createTable('chain_addresses')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('derivation_index', k.bigint, (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_addresses_pk', ['network', 'merchant_id'])
    .execute();
  await db.schema
    .createIndex('chain_addresses_address')
    .on('chain_addresses')
    .columns(['network', 'address'])
    .unique()
    .execute();
  await db.schema
    .createIndex('chain_addresses_index')
    .on('chain_addresses')
    .columns(['network', 'derivation_index'])
    .unique()
    .execute();

  await db.schema
    .createTable('chain_cursors')
    .addColumn('network', 'text', k.key)
    .addColumn('block_number', k.bigint, (c) => c.notNull())
    .addColumn('block_hash', 'text')
    .addColumn('head_number', k.bigint)
    .addColumn('head_at', k.bigint)
    .addColumn('scanned_at', k.bigint)
    .addColumn('last_error', 'text')
    .addColumn('error_at', k.bigint)
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('chain_alerts')
    .$call(k.id())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind = 'credited_reorged'`))
    .addColumn('recharge_id', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addColumn('resolved_at', k.bigint)
    .addColumn('resolved_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('resolution', 'text')
    .execute();
  await db.schema
    .createIndex('chain_alerts_recharge')
    .on('chain_alerts')
    .columns(['recharge_id', 'kind'])
    .unique()
    .execute();

  // ---- recharges: the transfer's facts, and a voucher only where a person declares the top-up
  if (engine === 'postgres') {
    await sql`alter table recharges alter column voucher drop not null`.execute(db);
  } else {
    await sql`create table recharges_new (
      id integer primary key autoincrement,
      merchant_id integer not null references merchants(id),
      method text not null check (method in ('chain','manual','bank')),
      network text,
      address text,
      amount integer not null check (amount > 0),
      voucher text unique references uploads(id),
      status text not null default 'pending' check (status in ('pending','approved','rejected','cancelled')),
      reason text,
      journal_id integer references journals(id),
      created_at integer not null,
      resolved_at integer,
      resolved_by integer references operators(id))`.execute(db);
    await sql`insert into recharges_new select * from recharges`.execute(db);
    await sql`drop table recharges`.execute(db);
    await sql`alter table recharges_new rename to recharges`.execute(db);
    await sql`create index recharges_merchant on recharges(merchant_id, id)`.execute(db);
    await sql`create index recharges_status on recharges(status, id)`.execute(db);
  }
  for (const [column, type] of [
    ['tx_hash', 'text'],
    ['log_index', 'integer'],
    ['block_number', k.bigint],
    ['block_hash', 'text'],
    ['from_address', 'text'],
    ['token_amount', 'text'],
  ] as const)
    await db.schema.alterTable('recharges').addColumn(column, type).execute();
  await db.schema
    .createIndex('recharges_chain_transfer')
    .on('recharges')
    .columns(['network', 'tx_hash', 'log_index'])
    .unique()
    .execute();
  // The watcher's pending transfers, read every few seconds.
  await db.schema
    .createIndex('recharges_chain_pending')
    .on('recharges')
    .columns(['network', 'status', 'block_number'])
    .where(sql.ref('tx_hash'), 'is not', null)
    .execute();
}
