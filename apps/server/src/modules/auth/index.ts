// The auth module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { signHandoff } from './handoff';
export { createMerchant } from './registration';

import type { Db } from '../../db/database';
import type { NewInvitationCode } from '../../db/schema';
import { registrationRepository } from './registration.repository';

/** The platform's own invitation codes (no merchant's), for the operators' `ops invite:*`. */
export const platformInvites = {
  create: (db: Db, values: NewInvitationCode) => registrationRepository.insertInviteCode(db, values),
  list: (db: Db) => registrationRepository.platformInviteCodes(db),
};
