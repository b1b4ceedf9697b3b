import type { JournalType } from '@dropdesk/contract/ledger';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import { accountKey } from '../ledger/ledger';

export interface BillRow {
  id: number;
  amount: number;
  balance_after: number;
  created_at: number;
  type: JournalType;
  ref_type: string | null;
  ref_id: number | null;
  reason: string | null;
}

/** The ledger as reports read it: postings of a merchant's accounts, never written here. */
export const reportsRepository = {
  /** A page of the postings on the merchant's wallet, newest first, of some journal types. */
  async walletPostings(
    db: Db,
    merchantId: number,
    journalTypes: readonly JournalType[] | null,
    paging: Paging,
  ): Promise<PageOf<BillRow>> {
    const wallet = await db
      .selectFrom('accounts')
      .select('id')
      .where('key', '=', accountKey({ merchantId, kind: 'wallet' }))
      .executeTakeFirst();
    if (!wallet) return { total: 0, page: paging.page, limit: paging.limit, list: [] };
    let q = db
      .selectFrom('postings as p')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .where('p.account_id', '=', wallet.id);
    if (journalTypes) q = q.where('j.type', 'in', [...journalTypes]);
    return fetchPage(
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
          .orderBy('p.id', 'desc'),
      paging,
      (rows) => rows,
    );
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

  /** The merchant's journals' postings on its wallet, hold and the revenue it paid, in [from, to). */
  postingsBetween(db: Db, merchantId: number, from: number, to: number) {
    return db
      .selectFrom('journals as j')
      .innerJoin('postings as p', 'p.journal_id', 'j.id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .where('j.merchant_id', '=', merchantId)
      .where('j.created_at', '>=', from)
      .where('j.created_at', '<', to)
      .where('a.kind', 'in', ['wallet', 'withdraw_hold', 'revenue'])
      .select(['j.created_at', 'j.type', 'a.kind', 'p.amount'])
      .execute();
  },

  /** The same postings before `to`, summed per journal type and account kind. */
  async sumsBefore(db: Db, merchantId: number, to: number) {
    const rows = await db
      .selectFrom('journals as j')
      .innerJoin('postings as p', 'p.journal_id', 'j.id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .where('j.merchant_id', '=', merchantId)
      .where('j.created_at', '<', to)
      .where('a.kind', 'in', ['wallet', 'withdraw_hold', 'revenue'])
      .select(['j.type', 'a.kind', (eb) => eb.fn.sum<number>('p.amount').as('total')])
      .groupBy(['j.type', 'a.kind'])
      .execute();
    return rows.map((r) => ({ type: r.type, kind: r.kind, total: Number(r.total) }));
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
