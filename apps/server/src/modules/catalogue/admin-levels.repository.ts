import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { LevelsTable } from '../../db/schema';

export type LevelRow = Selectable<LevelsTable>;

/**
 * The operators' queries of `levels`. What merchants bought (`merchant_levels`) is only counted
 * here, never written: a level's new terms apply to purchases from then on.
 */
export const adminLevelsRepository = {
  all(db: Db): Promise<LevelRow[]> {
    return db.selectFrom('levels').selectAll().orderBy('rank').execute();
  },

  byId(db: Db, id: number): Promise<LevelRow | undefined> {
    return db.selectFrom('levels').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Merchants holding each level. */
  async holders(db: Db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('merchant_levels')
      .select(['level_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('level_id')
      .execute();
    return new Map(rows.map((r) => [r.level_id, Number(r.n)]));
  },

  async highestRank(db: Db): Promise<number> {
    const row = await db
      .selectFrom('levels')
      .select((eb) => eb.fn.max('rank').as('rank'))
      .executeTakeFirst();
    return Number(row?.rank ?? 0);
  },

  insert(db: Db, level: Insertable<LevelsTable>): Promise<LevelRow> {
    return db.insertInto('levels').values(level).returningAll().executeTakeFirstOrThrow();
  },

  async update(db: Db, id: number, changes: Omit<Updateable<LevelsTable>, 'id' | 'rank' | 'created_at'>) {
    await db.updateTable('levels').set(changes).where('id', '=', id).execute();
  },
};
