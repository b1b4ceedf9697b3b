import type { MerInfo } from '@dropdesk/contract/account';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import { iso } from '../../lib/clock';
import { merchantsRepository } from './merchants.repository';

const fileUrl = (ref: string | null) => (ref ? `/uploads/${ref}` : null);

export type MerInfoRow = NonNullable<Awaited<ReturnType<typeof merchantsRepository.merInfoRow>>>;

/** The merchant as getMerInfo and a login show it; null when there is no such merchant. */
export async function loadMerInfo(db: Db, id: number, publicUrl: string): Promise<MerInfo | null> {
  const row = await merchantsRepository.merInfoRow(db, id);
  return row ? merInfoView(row, publicUrl) : null;
}

/** The reply's shape from the row (the API bench's limit route maps with it too). */
export function merInfoView(row: MerInfoRow, publicUrl: string): MerInfo {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    real_name: row.real_name,
    country: row.country,
    time_zone: row.time_zone,
    lang: row.lang,
    invite_code: row.invite_code,
    invite_link: `${publicUrl}/register?code=${encodeURIComponent(row.invite_code)}`,
    status: row.status,
    closed_reason: row.closed_reason,
    pay_password_set: row.pay_password_hash !== null,
    kyc_status: row.kyc_status,
    created_at: iso(row.created_at),
    balance: formatMoney(row.balance ?? 0),
    level: row.level_id === null ? null : { id: row.level_id, name: row.level_name ?? '' },
    shop: {
      name: row.name,
      logo_url: fileUrl(row.logo),
      address: row.address,
      phone: row.shop_phone,
      intro: row.intro,
      welcome: row.welcome,
      service_link: row.service_link,
      banner_url: fileUrl(row.banner),
      ad_banner_url: fileUrl(row.ad_banner),
      twitter: row.twitter,
      google: row.google,
    },
  };
}
