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

  /** A page of a merchant's log (newest first) or of the review queue (oldest first). */
  page(db: Db, filter: ReviewFilter, paging: Paging, order: 'asc' | 'desc'): Promise<PageOf<WithdrawalRow>> {
    return reviewPage(db, 'withdrawals', filter, paging, order);
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

  async setJournals(
    db: Db,
    id: number,
    journals: { hold_journal_id?: number; resolve_journal_id?: number },
  ): Promise<void> {
    await db.updateTable('withdrawals').set(journals).where('id', '=', id).execute();
  },
};
