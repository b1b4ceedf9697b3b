import type { OperatorRole } from '@dropdesk/contract/admin';
import type { Db } from '../../db/database';
import { type HashCost, hashPassword } from '../../lib/crypto';
import { operatorsRepository } from './operators.repository';

/**
 * Adds an operator. Without `sealedTotpSecret` it has no second factor yet, so its first login
 * enrols one (the console's admins and `npm run ops -- operator:create` make operators so); with
 * one (sealed by lib/totp.ts SecretBox) it is enrolled already (test factories).
 */
export async function createOperator(
  db: Db,
  input: { username: string; password: string; role: OperatorRole },
  cost: HashCost,
  now: number,
  opts: { sealedTotpSecret?: string } = {},
): Promise<number> {
  const passwordHash = await hashPassword(input.password, cost);
  const row = await operatorsRepository.insert(db, {
    username: input.username,
    passwordHash,
    role: input.role,
    at: now,
    sealedTotpSecret: opts.sealedTotpSecret,
  });
  return row.id;
}
