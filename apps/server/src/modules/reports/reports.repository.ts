import type { JournalType, MerchantAccountKind } from '@dropdesk/contract/ledger';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import { accountKey } from '../ledger';

export interface BillRow {
  id: number;
  amount: number;
  balance_after: number;
  created_at: number;
  type: JournalType;
  ref_type: string | null;
  ref_id: number | null;
  reason: string | null;
  /** The revenue postings of the same journal: the fee of a withdrawal paid out. */
  fee?: number | string | null;
}

/** Which of a merchant's postings the funds records list. */
export interface BillFilter {
  account: MerchantAccountKind;
  /** Journal types (the bill's `type` and `journal_type`, intersected); null: all. */
  journalTypes: readonly JournalType[] | null;
  /** Postings in [from, to) (epoch ms); from null: since the first. */
  period: { from: number | null; to: number } | null;
}

const num = (v: unknown): number => Number(v ?? 0);

/** The ledger as reports read it: postings of a merchant's accounts, never written here. */
export const reportsRepository = {
  /** The merchant's account of a kind (id and cached balance); undefined before its first posting. */
  account(db: Db, merchantId: number, kind: MerchantAccountKind) {
    return db
      .selectFrom('accounts')
      .select(['id', 'balance'])
      .where('key', '=', accountKey({ merchantId, kind }))
      .executeTakeFirst();
  },

  /**
   * A page of the postings on one of the merchant's accounts, newest first, by the filter, and the
   * sums of every posting it keeps (how many, Σ amount, Σ fee): the funds records and the lists the
   * finance report's lines open. A posting's fee is what the same journal paid the platform's
   * revenue (a withdrawal paid out); the sums read the filter's postings once more, in one statement.
   */
  async walletPostings(
    db: Db,
    merchantId: number,
    filter: BillFilter,
    paging: Paging,
  ): Promise<PageOf<BillRow> & { sums: { count: number; amount: number; fees: number } }> {
    const empty = { count: 0, amount: 0, fees: 0 };
    const account = await reportsRepository.account(db, merchantId, filter.account);
    // No account yet, or filters that keep no journal type (a type and a journal type that disagree).
    if (!account || filter.journalTypes?.length === 0)
      return { total: 0, page: paging.page, limit: paging.limit, list: [], sums: empty };
    let q = db
      .selectFrom('postings as p')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .where('p.account_id', '=', account.id);
    if (filter.journalTypes) q = q.where('j.type', 'in', [...filter.journalTypes]);
    if (filter.period) {
      if (filter.period.from !== null) q = q.where('p.created_at', '>=', filter.period.from);
      q = q.where('p.created_at', '<', filter.period.to);
    }
    // The fee of a withdrawal paid out: the revenue posting of the same journal.
    const fee = sql<number | null>`(select sum(f.amount) from postings f
      inner join accounts fa on fa.id = f.account_id
      where f.journal_id = j.id and fa.kind = 'revenue' and j.type in ('withdrawal_payout', 'fee'))`;
    const [page, sums, fees] = await Promise.all([
      fetchPage(
        q,
        (f) =>
          f
            .select([
              'p.id',
              'p.amount',
              'p.balance_after',
              'p.created_at',
              'j.type',
              'j.ref_type',
              'j.ref_id',
              'j.reason',
            ])
            .select(fee.as('fee'))
            .orderBy('p.id', 'desc'),
        paging,
        (rows) => rows,
        // The sums below count every row; the page's total is that count.
        async () => ({ total: 0, capped: false }),
      ),
      q
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('p.amount'), sql<number>`0`).as('amount'),
        ])
        .executeTakeFirstOrThrow(),
      q
        .innerJoin('postings as f', 'f.journal_id', 'j.id')
        .innerJoin('accounts as fa', 'fa.id', 'f.account_id')
        .where('fa.kind', '=', 'revenue')
        .where('j.type', 'in', ['withdrawal_payout', 'fee'])
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('f.amount'), sql<number>`0`).as('fees'))
        .executeTakeFirstOrThrow(),
    ]);
    const counted = { count: num(sums.count), amount: num(sums.amount), fees: num(fees.fees) };
    const { capped: _capped, ...rest } = page;
    return { ...rest, total: counted.count, sums: counted };
  },

  /** The merchant's latest `n` wallet postings, newest first (no count: a review's glance). */
  async recentWalletPostings(db: Db, merchantId: number, n: number): Promise<BillRow[]> {
    return db
      .selectFrom('accounts as a')
      .innerJoin('postings as p', 'p.account_id', 'a.id')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .where('a.key', '=', accountKey({ merchantId, kind: 'wallet' }))
      .select([
        'p.id',
        'p.amount',
        'p.balance_after',
        'p.created_at',
        'j.type',
        'j.ref_type',
        'j.ref_id',
        'j.reason',
      ])
      .orderBy('p.id', 'desc')
      .limit(n)
      .execute();
  },

  /** The cached balances of these merchants' wallets and withdrawal holds (0 for an account not made yet). */
  async merchantBalances(db: Db, merchantIds: readonly number[]) {
    const out = new Map<number, { wallet: number; hold: number }>();
    for (const id of merchantIds) out.set(id, { wallet: 0, hold: 0 });
    if (merchantIds.length === 0) return out;
    const rows = await db
      .selectFrom('accounts')
      .select(['merchant_id', 'kind', 'balance'])
      .where(
        'key',
        'in',
        merchantIds.flatMap((merchantId) => [
          accountKey({ merchantId, kind: 'wallet' }),
          accountKey({ merchantId, kind: 'withdraw_hold' }),
        ]),
      )
      .execute();
    for (const r of rows) {
      const b = out.get(r.merchant_id ?? 0);
      if (!b) continue;
      if (r.kind === 'wallet') b.wallet = r.balance;
      else b.hold = r.balance;
    }
    return out;
  },

  /**
   * Σ of an account's postings per journal type, of the postings in [from, to) (from null: since the
   * first), by postings_account_time: the finance report's lines.
   */
  async sumsByType(
    db: Db,
    accountId: number,
    from: number | null,
    to: number,
  ): Promise<Map<JournalType, number>> {
    let q = db
      .selectFrom('postings as p')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .where('p.account_id', '=', accountId)
      .where('p.created_at', '<', to);
    if (from !== null) q = q.where('p.created_at', '>=', from);
    const rows = await q
      .select(['j.type', (eb) => eb.fn.sum<number>('p.amount').as('total')])
      .groupBy('j.type')
      .execute();
    return new Map(rows.map((r) => [r.type, num(r.total)]));
  },

  /** Σ of an account's postings from `at` on: its balance at `at` is its balance now less this. */
  async sumSince(db: Db, accountId: number, at: number): Promise<number> {
    const row = await db
      .selectFrom('postings')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('account_id', '=', accountId)
      .where('created_at', '>=', at)
      .executeTakeFirst();
    return num(row?.total);
  },

  /** An account's postings of some journal types in [from, to): time, type and amount (the daily series). */
  postingsOf(db: Db, accountId: number, types: readonly JournalType[], from: number, to: number) {
    return db
      .selectFrom('postings as p')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .where('p.account_id', '=', accountId)
      .where('p.created_at', '>=', from)
      .where('p.created_at', '<', to)
      .where('j.type', 'in', [...types])
      .select(['p.created_at', 'j.type', 'p.amount'])
      .execute();
  },

  /**
   * What the platform kept as fees of the merchant's withdrawals paid out in [from, to): the revenue
   * postings of its `withdrawal_payout` journals (journals_merchant).
   */
  async payoutFees(db: Db, merchantId: number, from: number | null, to: number): Promise<number> {
    let q = db
      .selectFrom('journals as j')
      .innerJoin('postings as p', 'p.journal_id', 'j.id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .where('j.merchant_id', '=', merchantId)
      .where('j.type', '=', 'withdrawal_payout')
      .where('a.kind', '=', 'revenue')
      .where('j.created_at', '<', to);
    if (from !== null) q = q.where('j.created_at', '>=', from);
    const row = await q.select((eb) => eb.fn.sum<number>('p.amount').as('total')).executeTakeFirst();
    return num(row?.total);
  },

  async timeZone(db: Db, merchantId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return row?.time_zone;
  },
};
