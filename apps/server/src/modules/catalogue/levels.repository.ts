import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { LevelsTable } from '../../db/schema';

export type LevelRow = Selectable<LevelsTable>;

/** A merchant's level as bought (terms of the day of purchase), with the level's rank and name today. */
export interface MerchantLevelRow {
  level_id: number;
  rank: number;
  name: string;
  margin_bps: number;
  quota: number;
  bought_at: number | null;
  listings_used: number;
}

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

  /** Every level, lowest rank first. */
  all(db: Db): Promise<LevelRow[]> {
    return db.selectFrom('levels').selectAll().orderBy('rank', 'asc').execute();
  },

  byId(db: Db, id: number): Promise<LevelRow | undefined> {
    return db.selectFrom('levels').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The level ranked just above `rank`, if any. */
  nextAbove(db: Db, rank: number): Promise<LevelRow | undefined> {
    return db
      .selectFrom('levels')
      .selectAll()
      .where('rank', '>', rank)
      .orderBy('rank', 'asc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The merchant's level: the terms bought, the level's rank and name, and the listings held. */
  current(db: Db, merchantId: number): Promise<MerchantLevelRow | undefined> {
    return db
      .selectFrom('merchant_levels as ml')
      .innerJoin('levels as l', 'l.id', 'ml.level_id')
      .select([
        'ml.level_id',
        'l.rank',
        'l.name',
        'ml.margin_bps',
        'ml.quota',
        'ml.bought_at',
        'ml.listings_used',
      ])
      .where('ml.merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /** The margin listings are priced at, the quota and the listings held. */
  terms(db: Db, merchantId: number) {
    return db
      .selectFrom('merchant_levels')
      .select(['margin_bps', 'quota', 'listings_used'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /**
   * Locks the merchant's quota row for the rest of the transaction and reads it: a no-op UPDATE
   * (`listings_used = listings_used`) with RETURNING. On PostgreSQL it takes the row lock, so a
   * parallel add of the same merchant waits here until this transaction ends and then reads the
   * counter this one left; on SQLite a write makes the transaction the one writer. Every change of
   * `listings_used` starts here, so the quota can't be passed however many adds race.
   */
  lockQuota(tx: Db, merchantId: number) {
    return tx
      .updateTable('merchant_levels')
      .set((eb) => ({ listings_used: eb.ref('listings_used') }))
      .where('merchant_id', '=', merchantId)
      .returning(['quota', 'listings_used'])
      .executeTakeFirst();
  },

  /** Moves the counter by `delta` (after `lockQuota`); the table's check keeps it within 0..quota. */
  async addListingsUsed(tx: Db, merchantId: number, delta: number): Promise<void> {
    if (delta === 0) return;
    await tx
      .updateTable('merchant_levels')
      .set((eb) => ({ listings_used: eb('listings_used', '+', delta) }))
      .where('merchant_id', '=', merchantId)
      .execute();
  },

  /**
   * Records a purchase of `level` at its terms of `now`, only while the merchant still holds
   * `fromLevelId` (so of two racing purchases one wins); false when it no longer does. The listings
   * held stay; the quota is never set below them.
   */
  async buy(tx: Db, merchantId: number, fromLevelId: number, level: LevelRow, now: number): Promise<boolean> {
    const row = await tx
      .updateTable('merchant_levels')
      .set({
        level_id: level.id,
        margin_bps: level.margin_bps,
        quota: sql<number>`case when listings_used > ${level.quota} then listings_used else ${level.quota} end`,
        price_paid: level.price,
        bought_at: now,
        updated_at: now,
      })
      .where('merchant_id', '=', merchantId)
      .where('level_id', '=', fromLevelId)
      .returning('merchant_id')
      .executeTakeFirst();
    return row !== undefined;
  },
};
