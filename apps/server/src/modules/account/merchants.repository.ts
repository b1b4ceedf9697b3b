import type { MerInfo } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import type { Merchant, NewMerchant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { walletBalance } from '../ledger/ledger';

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

  async merInfo(db: Db, id: number, publicUrl: string): Promise<MerInfo | null> {
    const row = await db
      .selectFrom('merchants as m')
      .innerJoin('shops as s', 's.merchant_id', 'm.id')
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
        's.twitter',
        's.google',
      ])
      .where('m.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const fileUrl = (ref: string | null) => (ref ? `/uploads/${ref}` : null);
    return {
      id: row.id,
      phone: row.phone,
      email: row.email,
      real_name: row.real_name,
      country: row.country,
      time_zone: row.time_zone,
      lang: row.lang as Lang,
      invite_code: row.invite_code,
      invite_link: `${publicUrl}/register?code=${encodeURIComponent(row.invite_code)}`,
      status: row.status as MerInfo['status'],
      closed_reason: row.closed_reason,
      pay_password_set: row.pay_password_hash !== null,
      kyc_status: row.kyc_status as MerInfo['kyc_status'],
      created_at: iso(row.created_at),
      balance: formatMoney(await walletBalance(db, id)),
      level: null,
      shop: {
        name: row.name,
        logo_url: fileUrl(row.logo),
        address: row.address,
        phone: row.shop_phone,
        intro: row.intro,
        welcome: row.welcome,
        service_link: row.service_link,
        banner_url: fileUrl(row.banner),
        twitter: row.twitter,
        google: row.google,
      },
    };
  },
};
