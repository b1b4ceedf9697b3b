// The kyc module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { kycRepository } from './kyc.repository';

export { bankCardOf, bankCardView, maskAccount } from './bank-cards.views';

/** A merchant's latest identity submission (the console's merchant page). */
export const identitySubmissions = { latest: kycRepository.latest };
