import type { OperatorRole } from '@dropdesk/contract/admin';
import type { Db } from '../../db/database';
import { type HashCost, hashPassword } from '../../lib/crypto';

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
  const row = await db
    .insertInto('operators')
    .values({
      username: input.username,
      password_hash: await hashPassword(input.password, cost),
      role: input.role,
      disabled_at: null,
      created_at: now,
      totp_secret: opts.sealedTotpSecret ?? null,
      totp_enrolled_at: opts.sealedTotpSecret ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
