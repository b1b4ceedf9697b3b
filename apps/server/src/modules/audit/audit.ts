import type { AuditAction, AuditTarget } from '@dropdesk/contract/admin';
import type { Db } from '../../db/database';
import { type NoticeType, notify } from '../notices';
import { auditRepository } from './audit.repository';

/**
 * What an audit entry records of its target before and after the action: the fields the action
 * changed (or, for a creation, `before: null` and what was created; for a removal, `after: null`).
 * Plain JSON: ids, strings, numbers, booleans, ISO times, money as "100.00".
 */
export type AuditValue = Record<string, unknown> | null;

export interface AuditEntry {
  /** Null for the command line (`npm run ops`). */
  operatorId: number | null;
  /** `<target kind>.<verb>`, e.g. `recharge.approve`: one of the contract's AUDIT_ACTIONS. */
  action: AuditAction;
  /** What kind of thing the action was on: one of the contract's AUDIT_TARGETS. */
  targetType: AuditTarget;
  targetId: string | number;
  before: AuditValue;
  after: AuditValue;
  /** Anything else worth keeping that is not a field of the target (a reason, a count). */
  detail?: Record<string, unknown>;
}

/**
 * Appends to the audit log (docs/console-api.md "Audit log"): every operator action, with its
 * operator, time, target and the target's values before and after. Append-only: migration 012's
 * triggers refuse every UPDATE and DELETE of its rows. Call it inside the action's own transaction,
 * so an action and its entry are kept or lost together.
 */
export async function audit(db: Db, entry: AuditEntry, now: number): Promise<void> {
  await auditRepository.append(db, {
    operator_id: entry.operatorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
    detail: JSON.stringify(entry.detail ?? null),
    created_at: now,
  });
}

/**
 * An operator's decision on a merchant's request (a top-up, a withdrawal, an identity, a refund
 * appeal): the audit entry, and the notice that tells the merchant, both in the decision's own
 * transaction.
 */
export async function recordDecision(
  tx: Db,
  decision: {
    operatorId: number;
    action: AuditAction;
    target: { type: AuditTarget; id: number };
    before: AuditValue;
    after: AuditValue;
    detail?: Record<string, unknown>;
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
      before: decision.before,
      after: decision.after,
      detail: decision.detail,
    },
    now,
  );
}
