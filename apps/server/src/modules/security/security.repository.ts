import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type { SecurityEventsTable } from '../../db/schema';

export type SecurityEventRow = Selectable<SecurityEventsTable>;

/** The security history's queries (the table is append-only: migration 022's triggers). */
export const securityEventsRepository = {
  async insert(db: Db, row: Insertable<SecurityEventsTable>): Promise<void> {
    await db.insertInto('security_events').values(row).execute();
  },

  /** A page of a merchant's history, newest first, and how many events it has. */
  page(db: Db, merchantId: number, paging: Paging): Promise<PageOf<SecurityEventRow>> {
    return fetchPage(
      db.selectFrom('security_events').where('merchant_id', '=', merchantId),
      (q) => q.selectAll().orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },
};
