import type { AdjustmentStatus } from '@dropdesk/contract/merchants-admin';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type { BalanceAdjustmentsTable } from '../../db/schema';

export type AdjustmentRow = Selectable<BalanceAdjustmentsTable>;
/** An adjustment with its shop's name and its operators' usernames, as the console lists it. */
export type AdjustmentLine = AdjustmentRow & {
  shop_name: string;
  proposer: string;
  decider: string | null;
};

/** Queries of balance adjustments; the four-eyes rule is AdjustmentsService's (and the table's check). */
export const adjustmentsRepository = {
  insert(db: Db, values: Insertable<BalanceAdjustmentsTable>): Promise<AdjustmentRow> {
    return db.insertInto('balance_adjustments').values(values).returningAll().executeTakeFirstOrThrow();
  },

  byId(db: Db, id: number): Promise<AdjustmentRow | undefined> {
    return db.selectFrom('balance_adjustments').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async setJournal(db: Db, id: number, journalId: number): Promise<void> {
    await db.updateTable('balance_adjustments').set({ journal_id: journalId }).where('id', '=', id).execute();
  },

  /** A page, newest first, of one status (balance_adjustments_status) or one merchant's (…_merchant). */
  page(
    db: Db,
    filter: { status?: AdjustmentStatus | undefined; merchantId?: number | undefined },
    paging: Paging,
  ): Promise<PageOf<AdjustmentLine>> {
    let q = db.selectFrom('balance_adjustments as b');
    if (filter.status) q = q.where('b.status', '=', filter.status);
    if (filter.merchantId !== undefined) q = q.where('b.merchant_id', '=', filter.merchantId);
    return fetchPage(
      q,
      (f) => f.select('b.id').orderBy('b.id', 'desc'),
      paging,
      (rows) =>
        adjustmentsRepository.lines(
          db,
          rows.map((r) => r.id),
        ),
    );
  },

  /** The adjustments of `ids`, newest first, with shop and operators. */
  async lines(db: Db, ids: readonly number[]): Promise<AdjustmentLine[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('balance_adjustments as b')
      .innerJoin('shops as s', 's.merchant_id', 'b.merchant_id')
      .innerJoin('operators as p', 'p.id', 'b.proposed_by')
      .leftJoin('operators as d', 'd.id', 'b.decided_by')
      .selectAll('b')
      .select(['s.name as shop_name', 'p.username as proposer', 'd.username as decider'])
      .where('b.id', 'in', [...ids])
      .orderBy('b.id', 'desc')
      .execute();
  },
};
