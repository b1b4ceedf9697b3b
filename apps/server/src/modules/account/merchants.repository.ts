import type { Lang } from '@dropdesk/contract/constants';
import { type Db, prepared } from '../../db/database';
import type { Merchant, NewMerchant } from '../../db/schema';

// Read on every getMerInfo: built and compiled once (see `prepared`).
const merInfoQuery = prepared((db: Db, p: { id: number; wallet: string }) =>
  db
    .selectFrom('merchants as m')
    .innerJoin('shops as s', 's.merchant_id', 'm.id')
    .leftJoin('accounts as a', (j) => j.on('a.key', '=', p.wallet))
    .leftJoin('merchant_levels as ml', 'ml.merchant_id', 'm.id')
    .leftJoin('levels as l', 'l.id', 'ml.level_id')
    .select([
      'm.id',
      'm.phone',
      'm.email',
      'm.real_name',
      'm.country',
      'm.time_zone',
      'm.lang',
      'm.invite_code',
      'm.status',
      'm.closed_reason',
      'm.pay_password_hash',
      'm.kyc_status',
      'm.created_at',
      's.name',
      's.logo',
      's.address',
      's.phone as shop_phone',
      's.intro',
      's.welcome',
      's.service_link',
      's.banner',
      's.ad_banner',
      's.twitter',
      's.google',
      'a.balance',
      'l.id as level_id',
      'l.name as level_name',
    ])
    .where('m.id', '=', p.id),
);

/** Queries about merchants and their shops; no rules here. */
export const merchantsRepository = {
  byId(db: Db, id: number): Promise<Merchant | undefined> {
    return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** By phone (normalised digits with optional +) or email (lower case). */
  byAccount(db: Db, account: string): Promise<Merchant | undefined> {
    const value = account.trim();
    if (value.includes('@')) {
      return db
        .selectFrom('merchants')
        .selectAll()
        .where('email', '=', value.toLowerCase())
        .executeTakeFirst();
    }
    const phone = value.replace(/[\s\-().]/g, '');
    return db.selectFrom('merchants').selectAll().where('phone', '=', phone).executeTakeFirst();
  },

  async insert(db: Db, merchant: NewMerchant): Promise<number> {
    const row = await db.insertInto('merchants').values(merchant).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * What getMerInfo shows, in one query: the merchant, its shop and its wallet's cached balance
   * (no wallet account yet reads as 0).
   */
  merInfoRow(db: Db, id: number) {
    return merInfoQuery(db, { id, wallet: `wallet:${id}` }).then(([row]) => row);
  },

  /** Who a merchant is, for operators' lists: id, name, phone, country, shop name. */
  async refs(db: Db, ids: number[]) {
    if (ids.length === 0)
      return new Map<
        number,
        { id: number; real_name: string; phone: string; country: string; shop_name: string }
      >();
    const rows = await db
      .selectFrom('merchants as m')
      .innerJoin('shops as s', 's.merchant_id', 'm.id')
      .select(['m.id', 'm.real_name', 'm.phone', 'm.country', 's.name as shop_name'])
      .where('m.id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  async setPasswordHash(db: Db, id: number, hash: string, now: number): Promise<void> {
    await db
      .updateTable('merchants')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  async setLang(db: Db, id: number, lang: Lang): Promise<void> {
    await db.updateTable('merchants').set({ lang }).where('id', '=', id).execute();
  },

  async setTimeZone(db: Db, id: number, timeZone: string, now: number): Promise<void> {
    await db
      .updateTable('merchants')
      .set({ time_zone: timeZone, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
};
