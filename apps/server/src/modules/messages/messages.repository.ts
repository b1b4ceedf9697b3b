import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type Paging } from '../../db/paging';
import type { DB, NoticesTable, SystemMessagesTable } from '../../db/schema';

export type NoticeRow = Selectable<NoticesTable>;
export type SystemMessageRow = Selectable<SystemMessagesTable> & { read_at: number | null };

/** Whose system messages: the merchant, and when it registered (a broadcast to all reaches those registered by then). */
export interface Recipient {
  id: number;
  registeredAt: number;
}

/** Read filter: every message, unread only, read only. */
export type ReadFilter = 'all' | 'unread' | 'read';

/** "The system message `sm` was sent to this merchant." */
function sentTo(r: Recipient) {
  return (eb: ExpressionBuilder<DB & { sm: SystemMessagesTable }, 'sm'>) =>
    eb.or([
      eb.and([eb('sm.audience', '=', 'all'), eb('sm.created_at', '>=', r.registeredAt)]),
      eb.and([
        eb('sm.audience', '=', 'chosen'),
        eb.exists(
          eb
            .selectFrom('system_message_targets as t')
            .select('t.message_id')
            .whereRef('t.message_id', '=', 'sm.id')
            .where('t.merchant_id', '=', r.id),
        ),
      ]),
    ]);
}

/** The system messages sent to a merchant, each with when that merchant read it (null: unread). */
function systemOf(db: Db, r: Recipient) {
  return db
    .selectFrom('system_messages as sm')
    .leftJoin('system_message_reads as rd', (j) =>
      j.onRef('rd.message_id', '=', 'sm.id').on('rd.merchant_id', '=', r.id),
    )
    .where(sentTo(r));
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** Queries of a merchant's notices and system messages and their read state; the rules are the service's. */
export const messagesRepository = {
  /** When the merchant registered (null: no such merchant). */
  async registeredAt(db: Db, merchantId: number): Promise<number | null> {
    const row = await db
      .selectFrom('merchants')
      .select('created_at')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return row ? Number(row.created_at) : null;
  },

  /** A page of the merchant's notices, newest first, and how many match. */
  notices(db: Db, merchantId: number, read: ReadFilter, paging: Paging) {
    let q = db.selectFrom('notices').where('merchant_id', '=', merchantId);
    if (read === 'unread') q = q.where('read_at', 'is', null);
    if (read === 'read') q = q.where('read_at', 'is not', null);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  notice(db: Db, merchantId: number, id: number): Promise<NoticeRow | undefined> {
    return db
      .selectFrom('notices')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /** A page of the system messages sent to the merchant, newest first, and how many match. */
  systemMessages(db: Db, r: Recipient, read: ReadFilter, paging: Paging) {
    let q = systemOf(db, r);
    if (read === 'unread') q = q.where('rd.message_id', 'is', null);
    if (read === 'read') q = q.where('rd.message_id', 'is not', null);
    return fetchPage(
      q,
      (f) => f.selectAll('sm').select('rd.read_at').orderBy('sm.id', 'desc'),
      paging,
      (rows) => rows as SystemMessageRow[],
    );
  },

  async systemMessage(db: Db, r: Recipient, id: number): Promise<SystemMessageRow | undefined> {
    const row = await systemOf(db, r)
      .selectAll('sm')
      .select('rd.read_at')
      .where('sm.id', '=', id)
      .executeTakeFirst();
    return row as SystemMessageRow | undefined;
  },

  /** Unread notices and unread system messages of the merchant. */
  async unread(db: Db, r: Recipient): Promise<{ system: number; notice: number }> {
    const [notice, system] = await Promise.all([
      db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('merchant_id', '=', r.id)
        .where('read_at', 'is', null)
        .executeTakeFirst(),
      systemOf(db, r)
        .where('rd.message_id', 'is', null)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
    return { system: count(system), notice: count(notice) };
  },

  /** Marks the merchant's unread notices read (those of `ids`, or all): how many it marked. */
  async seeNotices(db: Db, merchantId: number, ids: number[] | 'all', now: number): Promise<number> {
    let q = db
      .updateTable('notices')
      .set({ read_at: now })
      .where('merchant_id', '=', merchantId)
      .where('read_at', 'is', null);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Marks the unread system messages sent to the merchant read (those of `ids`, or all): one read
   * row each, written now. Ids not sent to it match nothing. A concurrent call's rows are kept.
   */
  async seeSystem(db: Db, r: Recipient, ids: number[] | 'all', now: number): Promise<number> {
    let unread = systemOf(db, r).where('rd.message_id', 'is', null);
    if (ids !== 'all') unread = unread.where('sm.id', 'in', ids);
    const result = await db
      .insertInto('system_message_reads')
      .columns(['merchant_id', 'message_id', 'read_at'])
      .expression(
        unread.select([
          // Typed casts: PostgreSQL can't infer a bare parameter's type in INSERT … SELECT.
          sql<number>`cast(${r.id} as integer)`.as('merchant_id'),
          'sm.id',
          sql<number>`cast(${now} as bigint)`.as('read_at'),
        ]),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'message_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },
};
