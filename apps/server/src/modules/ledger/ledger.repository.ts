import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type {
  AccountsTable,
  JournalsTable,
  LedgerCheckpointHeadsTable,
  LedgerCheckpointsTable,
  PostingsTable,
} from '../../db/schema';

type NewAccount = Insertable<AccountsTable>;
type NewJournal = Insertable<JournalsTable>;
type NewPosting = Insertable<PostingsTable>;
type NewCheckpoint = Insertable<LedgerCheckpointsTable>;
type NewHead = Insertable<LedgerCheckpointHeadsTable>;

/**
 * A posting with everything its hash covers (chain.ts PostingContent, `contentOf`), as the chain
 * check, the proofs and the statements read it: the one select of a chained posting.
 */
export function chainedPostings(db: Db) {
  return db
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.id',
      'p.account_id',
      'a.key',
      'p.seq',
      'p.hash',
      'p.amount',
      'p.balance_after',
      'j.id as journal',
      'j.type',
      'j.merchant_id',
      'j.ref_type',
      'j.ref_id',
      'j.reason',
      'j.operator_id',
      'j.created_at',
    ]);
}

// The ledger's queries (ledger.ts decides; ledger.check.ts reports): each statement as post() and
// the checks have always run it, on the handle they are given.

export const ledgerRepository = {
  // --- post() and the balance reads -----------------------------------------------------------

  accountIdByKey(tx: Db, key: string) {
    return tx.selectFrom('accounts').select('id').where('key', '=', key).executeTakeFirst();
  },

  /** The account of `key`, created unless another transaction just did (then nothing happens). */
  async createAccount(tx: Db, account: NewAccount): Promise<void> {
    await tx
      .insertInto('accounts')
      .values(account)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },

  accountIdByKeyOrThrow(tx: Db, key: string) {
    return tx.selectFrom('accounts').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  },

  balanceByKey(db: Db, key: string) {
    return db.selectFrom('accounts').select('balance').where('key', '=', key).executeTakeFirst();
  },

  insertJournal(tx: Db, journal: NewJournal) {
    return tx.insertInto('journals').values(journal).returning('id').executeTakeFirstOrThrow();
  },

  /**
   * A merchant account lowered by `debit` only if it holds that much: the conditional UPDATE that
   * keeps every merchant balance at zero or above (undefined when it does not).
   */
  debitGuarded(tx: Db, accountId: number, debit: number) {
    return tx
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '-', debit) }))
      .where('id', '=', accountId)
      .where('balance', '>=', debit)
      .returning('balance')
      .executeTakeFirst();
  },

  /** An account raised (or, a platform account, lowered) by `amount`, unconditionally. */
  addToBalance(tx: Db, accountId: number, amount: number) {
    return tx
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', amount) }))
      .where('id', '=', accountId)
      .returning('balance')
      .executeTakeFirst();
  },

  /**
   * The accounts' last postings' places and hashes (an account never posted to has none): one
   * statement, each account's head read from the end of its (account_id, seq) index, however long
   * its chain (a platform account's holds a posting of every order).
   */
  async chainHeads(tx: Db, accountIds: readonly number[]) {
    const one = (id: number) =>
      sql`select * from (select account_id, seq, hash from postings where account_id = ${id} and seq is not null order by seq desc limit 1) as ${sql.id(`h${id}`)}`;
    const { rows } = await sql<{ account_id: number; seq: number; hash: string }>`${sql.join(
      accountIds.map(one),
      sql` union all `,
    )}`.execute(tx);
    return rows;
  },

  async insertPostings(tx: Db, postings: NewPosting[]): Promise<void> {
    await tx.insertInto('postings').values(postings).execute();
  },

  journalById(tx: Db, journalId: number) {
    return tx
      .selectFrom('journals')
      .select(['id', 'merchant_id'])
      .where('id', '=', journalId)
      .executeTakeFirst();
  },

  postingsOfJournal(tx: Db, journalId: number) {
    return tx
      .selectFrom('postings')
      .innerJoin('accounts', 'accounts.id', 'postings.account_id')
      .select(['accounts.merchant_id', 'accounts.kind', 'postings.amount'])
      .where('postings.journal_id', '=', journalId)
      .execute();
  },

  // --- the checks (ledger.check.ts) -----------------------------------------------------------

  /** Rows counted: journals, postings, accounts. */
  counts(db: Db) {
    return db
      .selectNoFrom((eb) => [
        eb.selectFrom('journals').select(eb.fn.countAll().as('c')).as('journals'),
        eb.selectFrom('postings').select(eb.fn.countAll().as('c')).as('postings'),
        eb.selectFrom('accounts').select(eb.fn.countAll().as('c')).as('accounts'),
      ])
      .executeTakeFirstOrThrow();
  },

  /** Journals with fewer than two postings or postings not summing to 0. */
  unbalancedJournals(db: Db) {
    return db
      .selectFrom('journals as j')
      .leftJoin('postings as p', 'p.journal_id', 'j.id')
      .select([
        'j.id',
        'j.type',
        sql<number>`coalesce(sum(p.amount), 0)`.as('total'),
        sql<number>`count(p.id)`.as('lines'),
      ])
      .groupBy(['j.id', 'j.type'])
      .having((eb) => eb.or([eb(sql`coalesce(sum(p.amount), 0)`, '<>', 0), eb(sql`count(p.id)`, '<', 2)]))
      .execute();
  },

  /** Accounts whose cached balance is not the sum of their postings. */
  balanceDrift(db: Db) {
    return db
      .selectFrom('accounts as a')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('postings')
            .select(['account_id', sql<number>`sum(amount)`.as('total')])
            .groupBy('account_id')
            .as('s'),
        (join) => join.onRef('s.account_id', '=', 'a.id'),
      )
      .select(['a.id', 'a.key', 'a.balance', sql<number>`coalesce(s.total, 0)`.as('total')])
      .where(sql<boolean>`a.balance <> coalesce(s.total, 0)`)
      .execute();
  },

  /** Postings whose balance_after is not the previous one plus their amount (the first 100). */
  brokenChain(db: Db) {
    return db
      .selectFrom(
        db
          .selectFrom('postings')
          .select([
            'id',
            'account_id',
            'amount',
            'balance_after',
            sql<number | null>`lag(balance_after) over (partition by account_id order by id)`.as('prev'),
          ])
          .as('c'),
      )
      .selectAll()
      .where(sql<boolean>`coalesce(prev, 0) + amount <> balance_after`)
      .limit(100)
      .execute();
  },

  /** Merchant accounts below zero. */
  negativeMerchantAccounts(db: Db) {
    return db
      .selectFrom('accounts')
      .select(['key', 'balance'])
      .where('merchant_id', 'is not', null)
      .where('balance', '<', 0)
      .execute();
  },

  /** All balances summed. */
  balancesTotal(db: Db) {
    return db
      .selectFrom('accounts')
      .select(sql<number>`coalesce(sum(balance), 0)`.as('total'))
      .executeTakeFirstOrThrow();
  },

  /** Withdrawal holds not equal to the pending withdrawals of their merchant (either side missing reads as 0). */
  holdMismatches(db: Db) {
    return db
      .selectFrom('accounts as a')
      .fullJoin(
        (eb) =>
          eb
            .selectFrom('withdrawals')
            .select(['merchant_id', sql<number>`sum(amount)`.as('pending')])
            .where('status', '=', 'pending')
            .groupBy('merchant_id')
            .as('w'),
        (join) => join.onRef('w.merchant_id', '=', 'a.merchant_id').on('a.kind', '=', 'withdraw_hold'),
      )
      .select([
        'a.key',
        'a.kind',
        'w.merchant_id as w_merchant',
        sql<number>`coalesce(a.balance, 0)`.as('held'),
        sql<number>`coalesce(w.pending, 0)`.as('pending'),
      ])
      .where((eb) => eb.or([eb('a.kind', '=', 'withdraw_hold'), eb('a.kind', 'is', null)]))
      .where(sql<boolean>`coalesce(a.balance, 0) <> coalesce(w.pending, 0)`)
      .execute();
  },

  // --- the hash chain and its checkpoints (checkpoints.ts, ledger.check.ts) ---------------------

  /** Postings after `afterId` in id order, with their journals: the chain check reads them in pages. */
  chainPage(db: Db, afterId: number, limit: number) {
    return chainedPostings(db).where('p.id', '>', afterId).orderBy('p.id').limit(limit).execute();
  },

  /** An account's postings from `fromSeq` to `toSeq` (inclusive), in chain order. */
  chainRange(db: Db, accountId: number, fromSeq: number, toSeq: number) {
    return chainedPostings(db)
      .where('p.account_id', '=', accountId)
      .where('p.seq', '>=', fromSeq)
      .where('p.seq', '<=', toSeq)
      .orderBy('p.seq')
      .execute();
  },

  /** Every account's chain head now (accounts never posted to have none), in account id order. */
  currentHeads(db: Db) {
    return db
      .selectFrom('accounts as a')
      .innerJoin('postings as p', 'p.account_id', 'a.id')
      .select(['a.id as account_id', 'a.key', 'p.seq', 'p.hash'])
      .where('p.seq', '=', (eb) =>
        eb
          .selectFrom('postings as q')
          .select((q) => q.fn.max('q.seq').as('m'))
          .whereRef('q.account_id', '=', 'a.id'),
      )
      .where('p.hash', 'is not', null)
      .orderBy('a.id')
      .$narrowType<{ seq: number; hash: string }>()
      .execute();
  },

  /** Each account's head as checkpoint `id` signed it (its latest heads row at or before `id`). */
  headsAt(db: Db, id: number) {
    return db
      .selectFrom('ledger_checkpoint_heads as h')
      .innerJoin('accounts as a', 'a.id', 'h.account_id')
      .select(['h.account_id', 'a.key', 'h.seq', 'h.hash'])
      .where('h.checkpoint_id', '=', (eb) =>
        eb
          .selectFrom('ledger_checkpoint_heads as h2')
          .select((q) => q.fn.max('h2.checkpoint_id').as('m'))
          .whereRef('h2.account_id', '=', 'h.account_id')
          .where('h2.checkpoint_id', '<=', id),
      )
      .orderBy('h.account_id')
      .execute();
  },

  lastCheckpoint(db: Db) {
    return db.selectFrom('ledger_checkpoints').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  checkpointById(db: Db, id: number) {
    return db.selectFrom('ledger_checkpoints').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The first checkpoint made at or after `at` (undefined when none is yet). */
  checkpointFrom(db: Db, at: number) {
    return db
      .selectFrom('ledger_checkpoints')
      .selectAll()
      .where('created_at', '>=', at)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  },

  /** Newest first, `before` an id when paging back. */
  checkpoints(db: Db, limit: number, before?: number) {
    let q = db.selectFrom('ledger_checkpoints').selectAll().orderBy('id', 'desc').limit(limit);
    if (before !== undefined) q = q.where('id', '<', before);
    return q.execute();
  },

  /** All checkpoints in order, for the check (a few a day: 8,760 rows a year). */
  allCheckpoints(db: Db) {
    return db.selectFrom('ledger_checkpoints').selectAll().orderBy('id').execute();
  },

  async insertCheckpoint(tx: Db, checkpoint: NewCheckpoint, heads: NewHead[]): Promise<void> {
    await tx.insertInto('ledger_checkpoints').values(checkpoint).execute();
    for (let i = 0; i < heads.length; i += 500)
      await tx
        .insertInto('ledger_checkpoint_heads')
        .values(heads.slice(i, i + 500))
        .execute();
  },

  /** Heads a checkpoint signed that the postings no longer hold (the first 100). */
  headMismatches(db: Db) {
    return db
      .selectFrom('ledger_checkpoint_heads as h')
      .innerJoin('accounts as a', 'a.id', 'h.account_id')
      .leftJoin('postings as p', (join) =>
        join.onRef('p.account_id', '=', 'h.account_id').onRef('p.seq', '=', 'h.seq'),
      )
      .select(['h.checkpoint_id', 'a.key', 'h.seq', 'h.hash', 'p.hash as now'])
      .where((eb) => eb.or([eb('p.hash', 'is', null), eb('p.hash', '<>', eb.ref('h.hash'))]))
      .orderBy('h.checkpoint_id')
      .limit(100)
      .execute();
  },
};
