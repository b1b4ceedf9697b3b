import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditLogTable } from '../../db/schema';

export const auditRepository = {
  /** One entry; the log is append-only (migration 012's triggers refuse UPDATE and DELETE). */
  async append(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  },
};
