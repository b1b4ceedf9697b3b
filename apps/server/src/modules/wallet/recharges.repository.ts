import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import { type ReviewFilter, reviewPage } from '../../db/review-page';
import type { RechargesTable } from '../../db/schema';

export type RechargeRow = Selectable<RechargesTable>;

/** Queries about top-ups; the rules are RechargeService's. */
export const rechargesRepository = {
  insert(db: Db, values: Insertable<RechargesTable>): Promise<RechargeRow> {
    return db.insertInto('recharges').values(values).returningAll().executeTakeFirstOrThrow();
  },

  byVoucher(db: Db, voucher: string): Promise<{ id: number } | undefined> {
    return db.selectFrom('recharges').select('id').where('voucher', '=', voucher).executeTakeFirst();
  },

  /** A page of a merchant's log (newest first) or of the review queue (oldest first). */
  page(db: Db, filter: ReviewFilter, paging: Paging, order: 'asc' | 'desc'): Promise<PageOf<RechargeRow>> {
    return reviewPage(db, 'recharges', filter, paging, order);
  },

  /** How many of a merchant's top-ups (of a status) there are, and their Σ amount. */
  async sums(db: Db, merchantId: number, status: RechargeRow['status'] | undefined) {
    let q = db.selectFrom('recharges').where('merchant_id', '=', merchantId);
    if (status !== undefined) q = q.where('status', '=', status);
    const row = await q
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), amount: Number(row?.total ?? 0) };
  },

  /** These merchants' top-ups counted by status, with the approved total and the first one's time. */
  history(db: Db, merchantIds: readonly number[]) {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('recharges')
      .select((eb) => [
        'merchant_id',
        'status',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string>('amount').as('total'),
        eb.fn.min<number>('created_at').as('first_at'),
      ])
      .where('merchant_id', 'in', [...new Set(merchantIds)])
      .groupBy(['merchant_id', 'status'])
      .execute();
  },

  /** The transfer facts of a top-up, to tell a watched one from a declared one. */
  chainTransferOf(db: Db, id: number) {
    return db
      .selectFrom('recharges')
      .select(['merchant_id', 'tx_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async setJournal(db: Db, id: number, journalId: number): Promise<void> {
    await db.updateTable('recharges').set({ journal_id: journalId }).where('id', '=', id).execute();
  },
};
