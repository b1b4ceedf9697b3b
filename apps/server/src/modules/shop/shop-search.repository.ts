import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { DB } from '../../db/schema';
import { isIndexed, likePattern, searchKey } from '../../db/text-search';

/** A subquery of merchant ids (from whichever table answers it). */
// biome-ignore lint/suspicious/noExplicitAny: the tables differ per engine and keyword
export type MerchantIds = SelectQueryBuilder<DB, any, { id: number }>;

/**
 * The merchants whose shop's name holds `keyword`, whatever its case and accents (a subquery
 * selecting `id`), read from each engine's own trigram index over the folded names
 * (`shops.name_fold`, migrations 013 and 015, as catalogue titles in catalogue/search.repository.ts): SQLite's
 * FTS5 `shop_search` (the keyword as one phrase), PostgreSQL's pg_trgm index on `shops.name_fold`
 * (LIKE). A keyword shorter than a trigram holds none, so both engines then scan the names.
 */
export function shopNameMatches(db: Db, keyword: string): MerchantIds {
  const key = searchKey(keyword);
  if (isPostgres(db))
    return db
      .selectFrom('shops')
      .select('merchant_id as id')
      .where(sql<SqlBool>`name_fold like ${likePattern(key)} escape '\\'`);
  if (isIndexed(key))
    return db
      .selectFrom('shop_search')
      .select(sql<number>`-rowid`.as('id'))
      .where(sql<SqlBool>`shop_search match ${`"${key.replaceAll('"', '""')}"`}`);
  return db.selectFrom('shops').select('merchant_id as id').where(sql<SqlBool>`instr(name_fold, ${key}) > 0`);
}
