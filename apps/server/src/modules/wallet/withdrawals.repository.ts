import type { Network } from '@dropdesk/contract/wallet';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import { type ReviewFilter, reviewPage } from '../../db/review-page';
import type { WithdrawalsTable } from '../../db/schema';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** Queries about withdrawals; the rules are WithdrawalService's. */
export const withdrawalsRepository = {
  insert(db: Db, values: Insertable<WithdrawalsTable>): Promise<WithdrawalRow> {
    return db.insertInto('withdrawals').values(values).returningAll().executeTakeFirstOrThrow();
  },

  /**
   * A page of a merchant's log (newest first) or of the review queue: soonest due first, so the
   * ones past their promise lead (docs/wallet.md "The payout clock").
   */
  page(db: Db, filter: ReviewFilter, paging: Paging, order: 'asc' | 'desc'): Promise<PageOf<WithdrawalRow>> {
    return reviewPage(db, 'withdrawals', filter, paging, order, order === 'asc' ? 'due_at' : 'id');
  },

  /** The merchant's last `limit` distinct chain addresses, most recently used first. */
  async recentAddresses(
    db: Db,
    merchantId: number,
    limit: number,
  ): Promise<Array<{ network: Network; address: string }>> {
    const rows = await db
      .selectFrom('withdrawals')
      .select(['network', 'address', (eb) => eb.fn.max('id').as('last')])
      .where('merchant_id', '=', merchantId)
      .where('method', '=', 'blockchain')
      .groupBy(['network', 'address'])
      .orderBy('last', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ network: r.network as Network, address: r.address ?? '' }));
  },

  byId(db: Db, id: number): Promise<WithdrawalRow | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Another paid withdrawal on `network` whose payout reference is `reference` (any case). */
  paidWithReference(db: Db, network: Network, reference: string, exceptId: number) {
    return db
      .selectFrom('withdrawals')
      .select('id')
      .where('method', '=', 'blockchain')
      .where('network', '=', network)
      .where('status', '=', 'approved')
      .where(sql<string>`lower(reference)`, '=', reference.toLowerCase())
      .where('id', '<>', exceptId)
      .executeTakeFirst();
  },

  /** Withdrawals still pending past their promise and not told yet, soonest due first. */
  lateUntold(db: Db, now: number, limit: number): Promise<WithdrawalRow[]> {
    return db
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', '=', 'pending')
      .where('due_at', '<=', now)
      .where('late_noticed_at', 'is', null)
      .orderBy('due_at')
      .limit(limit)
      .execute();
  },

  /** Marks a late withdrawal told, once: false when another run did, or it was decided meanwhile. */
  async markLateNoticed(db: Db, id: number, now: number): Promise<boolean> {
    const row = await db
      .updateTable('withdrawals')
      .set({ late_noticed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('late_noticed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async setJournals(
    db: Db,
    id: number,
    journals: { hold_journal_id?: number; resolve_journal_id?: number },
  ): Promise<void> {
    await db.updateTable('withdrawals').set(journals).where('id', '=', id).execute();
  },
};
