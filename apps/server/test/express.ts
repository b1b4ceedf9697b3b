import { parseMoney } from '@dropdesk/contract/money';
import { expressRepository, type PackageRow } from '../src/modules/express/express.repository';
import { ExpressService } from '../src/modules/express/express.service';
import type { TestApp } from './app';
import { creditWallet } from './factories';

/** Express-lane rows for tests: packages written the way the operator API writes them. */

let seq = 0;

export async function newPackage(
  t: TestApp,
  opts: {
    names?: Record<string, string>;
    mainLang?: 'en' | 'vi';
    price?: string;
    days?: number;
    productCount?: number;
    active?: boolean;
    sort?: number;
  } = {},
): Promise<PackageRow> {
  const now = t.clock.now();
  const row = await expressRepository.insertPackage(t.database.db, {
    main_lang: opts.mainLang ?? 'en',
    names: JSON.stringify(opts.names ?? { en: `Package ${++seq}` }),
    price: parseMoney(opts.price ?? '10.00') as number,
    days: opts.days ?? 7,
    product_count: opts.productCount ?? 3,
    sort: opts.sort ?? 1000 + seq,
    created_at: now,
    updated_at: now,
  });
  if (opts.active === false) {
    await t.database.db.updateTable('express_packages').set({ active: 0 }).where('id', '=', row.id).execute();
    return { ...row, active: 0 };
  }
  return row;
}

/**
 * Features listings of a merchant: a package of `days` bought through ExpressService as the
 * merchant's call buys it (the payment password taken as checked), with the price credited to the
 * wallet first by a real top-up.
 */
export async function featureListings(
  t: TestApp,
  merchantId: number,
  listingIds: number[],
  opts: { days?: number } = {},
) {
  const pkg = await newPackage(t, { days: opts.days ?? 7, productCount: listingIds.length, price: '1.00' });
  await creditWallet(t, merchantId, '1.00');
  const service = new ExpressService({
    db: t.database.db,
    clock: t.clock,
    payPasswords: { check: async () => undefined },
  });
  return service.buy(merchantId, 'en', { id: pkg.id, pay_password: '123456', listing_ids: listingIds }, null);
}
