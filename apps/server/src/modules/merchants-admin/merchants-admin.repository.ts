import type { KycStatus, MerchantStatus } from '@dropdesk/contract/account';
import { MERCHANT_COUNT_CAP } from '@dropdesk/contract/merchants-admin';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { countUpTo, fetchPage, type PageOf, type Paging } from '../../db/paging';
import { type MerchantIds, shopNameMatches } from '../shop';

export interface MerchantFilter {
  q?: string | undefined;
  status?: MerchantStatus | undefined;
  kyc?: KycStatus | undefined;
}

/** The largest id an `integer` column holds (PostgreSQL's int4). */
const MAX_ID = 2_147_483_647;

/** `%`, `_` and `\` stand for themselves in a LIKE prefix (PostgreSQL's default escape `\`). */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The end of a binary-collated range of strings starting with `prefix` (above every code point). */
const rangeEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * "Column `column` of merchants starts with `prefix`", answered by an index on both engines: a
 * PostgreSQL LIKE 'x%' reads the text_pattern_ops index (013) under any collation; SQLite compares
 * with its binary collation, so the prefix is a range of 001's unique index.
 */
function startsWith(db: Db, column: 'phone' | 'email', prefix: string) {
  if (isPostgres(db)) return sql<SqlBool>`${sql.ref(column)} like ${likePrefix(prefix)}`;
  return sql<SqlBool>`(${sql.ref(column)} >= ${prefix} and ${sql.ref(column)} < ${rangeEnd(prefix)})`;
}

/**
 * The ids of the merchants a search matches: its id (all digits), its phone or email from the start,
 * or its shop's name anywhere; each source read from its own index and the sources united.
 *
 * - Shop names: each engine's trigram index (shop/shop-search.repository.ts), either case; a piece shorter than
 *   a trigram is a scan of the names (as catalogue search).
 * - A phone typed without `+` also matches the same digits stored with one.
 */

function matchingIds(db: Db, q: string) {
  const sources: MerchantIds[] = [];
  const digits = q.replace(/[\s\-().]/g, '');
  // An id is a 32-bit integer column on PostgreSQL: longer digits can only be a phone.
  if (/^\d{1,10}$/.test(digits) && Number(digits) <= MAX_ID)
    sources.push(db.selectFrom('merchants').select('id').where('id', '=', Number(digits)));
  if (/^\+?\d{1,16}$/.test(digits)) {
    for (const prefix of digits.startsWith('+') ? [digits] : [digits, `+${digits}`])
      sources.push(
        db
          .selectFrom('merchants')
          .select('id')
          .where(startsWith(db, 'phone', prefix)),
      );
  }
  if (!/\s/.test(q))
    sources.push(
      db
        .selectFrom('merchants')
        .select('id')
        .where(startsWith(db, 'email', q.toLowerCase())),
    );
  sources.push(shopNameMatches(db, q));
  return sources.reduce((all, next) => all.union(next));
}

export interface MerchantLineRow {
  id: number;
  phone: string;
  email: string;
  real_name: string;
  country: string;
  status: MerchantStatus;
  kyc_status: KycStatus;
  created_at: number;
  shop_name: string;
  level_rank: number | null;
  level_name: string | null;
  balance: number | null;
}

/** Queries of the console's merchants; the rules and the mapping are MerchantsAdmin's. */
export const merchantsAdminRepository = {
  /**
   * A page of merchants, newest first, and how many match up to MERCHANT_COUNT_CAP: the ids from the
   * filters' indexes (merchants_status, merchants_kyc, or the search's sources), then only the page's
   * rows with their shop, level and wallet.
   */
  async page(db: Db, filter: MerchantFilter, paging: Paging): Promise<PageOf<MerchantLineRow>> {
    let q = db.selectFrom('merchants as m');
    if (filter.status) q = q.where('m.status', '=', filter.status);
    if (filter.kyc) q = q.where('m.kyc_status', '=', filter.kyc);
    if (filter.q) q = q.where('m.id', 'in', matchingIds(db, filter.q));
    const page = await fetchPage(
      q,
      (f) => f.select('m.id').orderBy('m.id', 'desc'),
      paging,
      (rows) =>
        merchantsAdminRepository.lines(
          db,
          rows.map((r) => r.id),
        ),
      countUpTo(db, MERCHANT_COUNT_CAP),
    );
    return page;
  },

  /** The merchants of `ids` as the list shows them, newest first. */
  async lines(db: Db, ids: readonly number[]): Promise<MerchantLineRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('merchants as m')
      .innerJoin('shops as s', 's.merchant_id', 'm.id')
      .leftJoin('merchant_levels as ml', 'ml.merchant_id', 'm.id')
      .leftJoin('levels as l', 'l.id', 'ml.level_id')
      .leftJoin('accounts as a', (join) =>
        join.onRef('a.merchant_id', '=', 'm.id').on('a.kind', '=', 'wallet'),
      )
      .select([
        'm.id',
        'm.phone',
        'm.email',
        'm.real_name',
        'm.country',
        'm.status',
        'm.kyc_status',
        'm.created_at',
        's.name as shop_name',
        'l.rank as level_rank',
        'l.name as level_name',
        'a.balance',
      ])
      .where('m.id', 'in', [...ids])
      .orderBy('m.id', 'desc')
      .execute();
  },

  exists(db: Db, id: number): Promise<boolean> {
    return db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  },

  /** The merchant's alliance parent (null: none, or no such merchant). */
  async parentOf(db: Db, id: number): Promise<number | null> {
    const row = await db.selectFrom('merchants').select('parent_id').where('id', '=', id).executeTakeFirst();
    return row?.parent_id ?? null;
  },

  /** The level bought, at the terms bought. */
  levelTerms(db: Db, merchantId: number) {
    return db
      .selectFrom('merchant_levels as ml')
      .innerJoin('levels as l', 'l.id', 'ml.level_id')
      .select(['l.rank', 'l.name', 'ml.margin_bps', 'ml.quota', 'ml.listings_used'])
      .where('ml.merchant_id', '=', merchantId)
      .executeTakeFirst();
  },

  /**
   * The small counts of a merchant's page, in one statement, each from an index of the merchant:
   * listings, unread notices, live sessions, pending top-ups, withdrawals and adjustments; and the
   * dashboard's all-time figures (shop_stats).
   */
  async counts(db: Db, merchantId: number, live: { now: number; idleSince: number }) {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('listings')
          .select(eb.fn.countAll().as('n'))
          .where('merchant_id', '=', merchantId)
          .as('listings'),
        eb
          .selectFrom('notices')
          .select(eb.fn.countAll().as('n'))
          .where('merchant_id', '=', merchantId)
          .where('read_at', 'is', null)
          .as('notices_unread'),
        eb
          .selectFrom('sessions')
          .select(eb.fn.countAll().as('n'))
          .where('subject_type', '=', 'merchant')
          .where('subject_id', '=', merchantId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', live.now)
          .where('last_seen_at', '>', live.idleSince)
          .as('sessions_live'),
        eb
          .selectFrom('recharges')
          .select(eb.fn.countAll().as('n'))
          .where('merchant_id', '=', merchantId)
          .where('status', '=', 'pending')
          .as('pending_recharges'),
        eb
          .selectFrom('withdrawals')
          .select(eb.fn.countAll().as('n'))
          .where('merchant_id', '=', merchantId)
          .where('status', '=', 'pending')
          .as('pending_withdrawals'),
        eb
          .selectFrom('balance_adjustments')
          .select(eb.fn.countAll().as('n'))
          .where('merchant_id', '=', merchantId)
          .where('status', '=', 'pending')
          .as('pending_adjustments'),
        eb.selectFrom('shop_stats').select('orders').where('merchant_id', '=', merchantId).as('sold_orders'),
        eb.selectFrom('shop_stats').select('sales').where('merchant_id', '=', merchantId).as('sales'),
        eb.selectFrom('shop_stats').select('followers').where('merchant_id', '=', merchantId).as('followers'),
      ])
      .executeTakeFirstOrThrow();
    const r = row as Record<string, unknown>;
    const n = (key: string) => Number(r[key] ?? 0);
    return {
      listings: n('listings'),
      notices_unread: n('notices_unread'),
      sessions_live: n('sessions_live'),
      pending_recharges: n('pending_recharges'),
      pending_withdrawals: n('pending_withdrawals'),
      pending_adjustments: n('pending_adjustments'),
      sold_orders: n('sold_orders'),
      sales: n('sales'),
      followers: n('followers'),
    };
  },

  /** A page of the merchant's sessions, newest first (never the token's hash). */
  sessions(db: Db, merchantId: number, paging: Paging) {
    return fetchPage(
      db.selectFrom('sessions').where('subject_type', '=', 'merchant').where('subject_id', '=', merchantId),
      (q) => q.select(['id', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at']).orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  /** A page of the merchant's notices, newest first. */
  notices(db: Db, merchantId: number, paging: Paging) {
    return fetchPage(
      db.selectFrom('notices').where('merchant_id', '=', merchantId),
      (q) => q.select(['id', 'type', 'title_key', 'params', 'read_at', 'created_at']).orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },
};
