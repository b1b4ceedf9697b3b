import type { Db } from '../../db/database';

/** Queries of `levels` and `merchant_levels` (what each merchant bought and the quota counter). */
export const levelsRepository = {
  /** The level every shop starts at: the lowest rank. */
  base(db: Db) {
    return db.selectFrom('levels').selectAll().orderBy('rank', 'asc').limit(1).executeTakeFirstOrThrow();
  },

  /** Gives a new shop the base level at today's terms (registration and the demo seed). */
  async giveBaseLevel(db: Db, merchantId: number, now: number): Promise<void> {
    const base = await levelsRepository.base(db);
    await db
      .insertInto('merchant_levels')
      .values({
        merchant_id: merchantId,
        level_id: base.id,
        margin_bps: base.margin_bps,
        quota: base.quota,
        price_paid: 0,
        bought_at: null,
        updated_at: now,
      })
      .execute();
  },
};
