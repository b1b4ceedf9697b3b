import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { isIndexed, isPostgres, likePattern } from '../catalogue/search';

/** A subquery of merchant ids (from whichever table answers it). */
// biome-ignore lint/suspicious/noExplicitAny: the tables differ per engine and keyword
export type MerchantIds = SelectQueryBuilder<DB, any, { id: number }>;

/**
 * The merchants whose shop's name holds `keyword`, either case (a subquery selecting `id`), read from
 * each engine's own trigram index (migration 013, as catalogue titles in catalogue/search.ts): SQLite's
 * FTS5 `shop_search` (the keyword as one phrase), PostgreSQL's pg_trgm index on `shops.name` (ILIKE).
 * A keyword shorter than a trigram holds none, so both engines then scan the names.
 */
export function shopNameMatches(db: Db, keyword: string): MerchantIds {
  if (isPostgres(db))
    return db
      .selectFrom('shops')
      .select('merchant_id as id')
      .where(sql<SqlBool>`name ilike ${likePattern(keyword)} escape '\\'`);
  if (isIndexed(keyword))
    return db
      .selectFrom('shop_search')
      .select(sql<number>`-rowid`.as('id'))
      .where(sql<SqlBool>`shop_search match ${`"${keyword.replaceAll('"', '""')}"`}`);
  return db
    .selectFrom('shops')
    .select('merchant_id as id')
    .where(sql<SqlBool>`instr(fold(name), ${keyword.toLowerCase()}) > 0`);
}
