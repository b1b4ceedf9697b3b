import type { OperatorRole } from '@dropdesk/contract/admin';
import type { Db } from '../../db/database';
import { type HashCost, hashPassword } from '../../lib/crypto';
import { type NoticeType, notify } from '../messages/notices.repository';

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

/**
 * An operator's decision on a merchant's request (a top-up, a withdrawal, an identity): the audit
 * entry, and the notice that tells the merchant, both in the decision's own transaction.
 */
export async function recordDecision(
  tx: Db,
  decision: {
    operatorId: number;
    action: string;
    target: { type: string; id: number };
    detail?: unknown;
    notice: { merchantId: number; type: NoticeType; params: Record<string, string | number | null> };
  },
  now: number,
): Promise<void> {
  const { target, notice } = decision;
  await notify(tx, { ...notice, ref: target }, now);
  await audit(
    tx,
    {
      operatorId: decision.operatorId,
      action: decision.action,
      targetType: target.type,
      targetId: target.id,
      detail: decision.detail,
    },
    now,
  );
}
