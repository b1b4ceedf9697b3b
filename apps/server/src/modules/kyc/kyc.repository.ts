import type { KycStatus } from '@dropdesk/contract/account';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type { KycSubmissionsTable } from '../../db/schema';

export type SubmissionRow = Selectable<KycSubmissionsTable>;

/** Identity submissions and the merchant's identity status; the rules are KycService's. */
export const kycRepository = {
  latest(db: Db, merchantId: number): Promise<SubmissionRow | undefined> {
    return db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async insert(db: Db, values: Insertable<KycSubmissionsTable>): Promise<void> {
    await db.insertInto('kyc_submissions').values(values).execute();
  },

  page(db: Db, status: SubmissionRow['status'], paging: Paging): Promise<PageOf<SubmissionRow>> {
    return fetchPage(
      db.selectFrom('kyc_submissions').where('status', '=', status),
      (f) => f.selectAll().orderBy('id', 'asc'),
      paging,
      (rows) => rows,
    );
  },

  /** The rejected submissions of these merchants (id and merchant), to count those before each one. */
  rejected(db: Db, merchantIds: readonly number[]): Promise<{ id: number; merchant_id: number }[]> {
    if (merchantIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('kyc_submissions')
      .select(['id', 'merchant_id'])
      .where('merchant_id', 'in', [...new Set(merchantIds)])
      .where('status', '=', 'rejected')
      .execute();
  },

  /**
   * Moves the merchant's identity status from one of `from` to `to` with one conditional UPDATE;
   * false when it was not in `from` (a double submission, a racing review).
   */
  async moveStatus(
    db: Db,
    merchantId: number,
    from: KycStatus[],
    to: KycStatus,
    now: number,
  ): Promise<boolean> {
    const moved = await db
      .updateTable('merchants')
      .set({ kyc_status: to, updated_at: now })
      .where('id', '=', merchantId)
      .where('kyc_status', 'in', from)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  },
};
