import type { OperatorRole } from '@dropdesk/contract/admin';
import type { Db } from '../../db/database';
import { type HashCost, hashPassword } from '../../lib/crypto';

export async function createOperator(
  db: Db,
  input: { username: string; password: string; role: OperatorRole },
  cost: HashCost,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('operators')
    .values({
      username: input.username,
      password_hash: await hashPassword(input.password, cost),
      role: input.role,
      disabled_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Appends to the audit log: every operator action, append-only. */
export async function audit(
  db: Db,
  entry: {
    operatorId: number | null;
    action: string;
    targetType: string;
    targetId: string | number;
    detail?: unknown;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: now,
    })
    .execute();
}
