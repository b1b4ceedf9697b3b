import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';

export interface MemberRow {
  id: number;
  real_name: string;
  created_at: number;
}

/** Queries of the alliance: members (merchants by `parent_id`), the rate, and the commissions paid. */
export const allianceRepository = {
  /** The commission rate in basis points (the one row of alliance_settings). */
  async settings(db: Db) {
    return db.selectFrom('alliance_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  },

  async setRate(db: Db, bps: number, operatorId: number, now: number): Promise<void> {
    await db
      .updateTable('alliance_settings')
      .set({ commission_bps: bps, updated_by: operatorId, updated_at: now })
      .where('id', '=', 1)
      .execute();
  },

  /** A merchant's invitation code, its parent and its name. */
  merchant(db: Db, id: number) {
    return db
      .selectFrom('merchants')
      .select(['id', 'invite_code', 'parent_id', 'real_name'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** A page of the merchants registered with `parentId`'s code, newest first. */
  members(db: Db, parentId: number, paging: Paging): Promise<PageOf<MemberRow>> {
    return fetchPage(
      db.selectFrom('merchants').where('parent_id', '=', parentId),
      (q) => q.select(['id', 'real_name', 'created_at']).orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  /** Orders of each member that a buyer paid and that were not cancelled. */
  async soldOrders(db: Db, memberIds: readonly number[]): Promise<Map<number, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('orders')
      .select(['merchant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('merchant_id', 'in', [...memberIds])
      .where('paid_at', 'is not', null)
      .where('status', '<>', -1)
      .groupBy('merchant_id')
      .execute();
    return new Map(rows.map((r) => [r.merchant_id, Number(r.n)]));
  },

  /** Commission `parentId` earned from each member. */
  async earnedFrom(db: Db, parentId: number, memberIds: readonly number[]): Promise<Map<number, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('alliance_commissions')
      .select(['member_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('parent_id', '=', parentId)
      .where('member_id', 'in', [...memberIds])
      .groupBy('member_id')
      .execute();
    return new Map(rows.map((r) => [r.member_id, Number(r.total)]));
  },

  /** Commission `parentId` earned from every member. */
  async earnedTotal(db: Db, parentId: number): Promise<number> {
    const row = await db
      .selectFrom('alliance_commissions')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('parent_id', '=', parentId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  },

  insertCommission(
    tx: Db,
    values: {
      parent_id: number;
      member_id: number;
      order_id: number;
      base: number;
      rate_bps: number;
      amount: number;
      created_at: number;
    },
  ) {
    return tx
      .insertInto('alliance_commissions')
      .values({ ...values, journal_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  async setJournal(tx: Db, id: number, journalId: number): Promise<void> {
    await tx
      .updateTable('alliance_commissions')
      .set({ journal_id: journalId })
      .where('id', '=', id)
      .execute();
  },
};
