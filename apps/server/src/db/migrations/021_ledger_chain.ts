import { GENESIS, postingHash } from '@dropdesk/ledger-proof';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

/**
 * A ledger whose history can't be rewritten unseen (docs/ledger-proof.md): each posting gets its
 * place in its account's chain (`seq`) and its hash, SHA-256(previous hash ‖ digest of its content
 * and its journal's); postings made before today are chained here, in id order, once. Checkpoints
 * sign every account's head hourly: `ledger_checkpoints` holds each signed checkpoint and
 * `ledger_checkpoint_heads` the heads that changed since the one before (the rest carry over), so
 * a checkpoint's tree and any account's proof in it can be rebuilt. All three are append-only.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);
  await db.schema.alterTable('postings').addColumn('seq', k.bigint).execute();
  await db.schema.alterTable('postings').addColumn('hash', 'text').execute();

  // The postings so far, chained. The append-only guard is lifted for this one statement's work
  // and put back as 002 wrote it.
  if (engine === 'postgres') await sql`alter table postings disable trigger postings_append_only`.execute(db);
  else {
    await sql`drop trigger postings_no_update`.execute(db);
  }
  const heads = new Map<number, { seq: number; hash: string }>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('postings as p')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select([
        'p.id',
        'p.account_id',
        'p.amount',
        'p.balance_after',
        'a.key',
        'j.id as journal',
        'j.type',
        'j.merchant_id',
        'j.ref_type',
        'j.ref_id',
        'j.reason',
        'j.operator_id',
        'j.created_at',
      ])
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(2000)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const prev = heads.get(Number(r.account_id)) ?? { seq: 0, hash: GENESIS };
      const seq = prev.seq + 1;
      const hash = postingHash(prev.hash, {
        account: r.key,
        seq,
        journal: Number(r.journal),
        type: r.type,
        merchant: r.merchant_id === null ? null : Number(r.merchant_id),
        refType: r.ref_type,
        refId: r.ref_id === null ? null : Number(r.ref_id),
        reason: r.reason,
        operator: r.operator_id === null ? null : Number(r.operator_id),
        at: Number(r.created_at),
        amount: Number(r.amount),
        balanceAfter: Number(r.balance_after),
      });
      await db.updateTable('postings').set({ seq, hash }).where('id', '=', r.id).execute();
      heads.set(Number(r.account_id), { seq, hash });
    }
    after = Number(rows[rows.length - 1]!.id);
  }
  if (engine === 'postgres') await sql`alter table postings enable trigger postings_append_only`.execute(db);
  else {
    await sql`create trigger postings_no_update before update on postings
    begin select raise(abort, 'postings are append-only'); end`.execute(db);
  }
  // One posting per place in an account's chain; also how a proof's tail is read.
  await db.schema
    .createIndex('postings_account_seq')
    .on('postings')
    .columns(['account_id', 'seq'])
    .unique()
    .execute();

  await db.schema
    .createTable('ledger_checkpoints')
    .addColumn('id', k.bigint, k.key)
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .addColumn('accounts', k.bigint, (c) => c.notNull())
    .addColumn('root', 'text', (c) => c.notNull())
    .addColumn('prev', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .execute();
  await k.appendOnly('ledger_checkpoints');

  await db.schema
    .createTable('ledger_checkpoint_heads')
    .addColumn('checkpoint_id', k.bigint, (c) => c.notNull().references('ledger_checkpoints.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('seq', k.bigint, (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_checkpoint_heads_pkey', ['account_id', 'checkpoint_id'])
    .execute();
  await db.schema
    .createIndex('ledger_checkpoint_heads_checkpoint')
    .on('ledger_checkpoint_heads')
    .columns(['checkpoint_id'])
    .execute();
  await k.appendOnly('ledger_checkpoint_heads');
}
