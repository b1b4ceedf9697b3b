import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { UploadsTable } from '../../db/schema';

export type UploadRow = Selectable<UploadsTable>;

/** Queries about stored files; who may use or read a file is the services' rule. */
export const uploadsRepository = {
  async insert(db: Db, values: Insertable<UploadsTable>): Promise<void> {
    await db.insertInto('uploads').values(values).execute();
  },

  byId(db: Db, id: string): Promise<UploadRow | undefined> {
    return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  },

  byIds(db: Db, ids: readonly string[]): Promise<UploadRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('uploads')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  },
};
