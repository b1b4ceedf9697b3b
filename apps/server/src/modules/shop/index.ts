// The shop module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { shopsRepository } from './shops.repository';

export { ShopAdmin } from './shop-admin.service';
export { type MerchantIds, shopNameMatches } from './shop-search.repository';

/** Shops' names by merchant (the console's order lists). */
export const shopNames = { named: shopsRepository.named };
