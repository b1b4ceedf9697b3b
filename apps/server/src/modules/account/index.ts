// The account module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { merchantsRepository } from './merchants.repository';

export { withMerchants } from './merchant-refs';
export { loadMerInfo } from './merinfo';
export { PayPasswords } from './paypwd.service';

/** What other modules may read of merchants, and registration's insert (modules/auth). */
export const merchantAccounts = {
  byId: merchantsRepository.byId,
  byAccount: merchantsRepository.byAccount,
  refs: merchantsRepository.refs,
  insert: merchantsRepository.insert,
};
