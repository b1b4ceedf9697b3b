import type { Db } from '../../db/database';
import type { PageOf } from '../../db/paging';
import { merchantsRepository } from './merchants.repository';

export interface MerchantRef {
  id: number;
  real_name: string;
  phone: string;
  shop_name: string;
}

/**
 * An operator's page of merchants' requests: each row mapped with the merchant it belongs to
 * (name, phone, shop), read in one query for the whole page.
 */
export async function withMerchants<R extends { merchant_id: number }, T>(
  db: Db,
  page: PageOf<R>,
  map: (row: R, merchant: MerchantRef) => T,
): Promise<PageOf<T>> {
  const merchants = await merchantsRepository.refs(
    db,
    page.list.map((r) => r.merchant_id),
  );
  return { ...page, list: page.list.map((r) => map(r, merchants.get(r.merchant_id)!)) };
}
