import { foldText } from '@dropdesk/contract/fold';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ShopsTable } from '../../db/schema';
import { shopNameMatches } from './shop-search.repository';

/** Queries about shops and their closures; no rules here. */
export const shopsRepository = {
  /**
   * The merchants whose shop's name holds `keyword` (shop-search.repository.ts), when there are at most `max` of
   * them (a list an order filter can name); otherwise the subquery itself, for a broad keyword.
   */
  async named(db: Db, keyword: string, max: number) {
    const rows = await shopNameMatches(db, keyword)
      .limit(max + 1)
      .execute();
    return rows.length <= max ? rows.map((r) => r.id) : shopNameMatches(db, keyword);
  },

  /** Changes a shop; a new name is written with its folded twin, which search reads (migration 015). */
  async update(db: Db, merchantId: number, values: Updateable<ShopsTable>): Promise<void> {
    const set = typeof values.name === 'string' ? { ...values, name_fold: foldText(values.name) } : values;
    await db.updateTable('shops').set(set).where('merchant_id', '=', merchantId).execute();
  },

  /** A merchant's status and closing reason; undefined when there is no such merchant. */
  status(db: Db, merchantId: number) {
    return db
      .selectFrom('merchants')
      .select(['status', 'closed_reason'])
      .where('id', '=', merchantId)
      .executeTakeFirst();
  },

  /** Closes an open shop; false when it is closed already (or there is no such merchant). */
  async close(db: Db, merchantId: number, reason: string, now: number): Promise<boolean> {
    const done = await db
      .updateTable('merchants')
      .set({ status: 'closed', closed_reason: reason, updated_at: now })
      .where('id', '=', merchantId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },

  /** Reopens a closed shop; false when it is not closed (or there is no such merchant). */
  async reopen(db: Db, merchantId: number, now: number): Promise<boolean> {
    const done = await db
      .updateTable('merchants')
      .set({ status: 'active', closed_reason: null, updated_at: now })
      .where('id', '=', merchantId)
      .where('status', '=', 'closed')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },

  async insertClosure(
    db: Db,
    closure: { merchantId: number; reason: string; operatorId: number | null; at: number },
  ): Promise<number> {
    const row = await db
      .insertInto('shop_closures')
      .values({
        merchant_id: closure.merchantId,
        reason: closure.reason,
        closed_by: closure.operatorId,
        closed_at: closure.at,
        reopened_by: null,
        reopened_at: null,
        reopen_note: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Marks the shop's open closure reopened; its id, or null (a shop closed before closures were kept). */
  async endClosure(
    db: Db,
    reopening: { merchantId: number; operatorId: number | null; note: string; at: number },
  ): Promise<number | null> {
    const row = await db
      .updateTable('shop_closures')
      .set({ reopened_by: reopening.operatorId, reopened_at: reopening.at, reopen_note: reopening.note })
      .where('merchant_id', '=', reopening.merchantId)
      .where('reopened_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /** The shop's closures, newest first. */
  closures(db: Db, merchantId: number, limit: number) {
    return db
      .selectFrom('shop_closures')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
