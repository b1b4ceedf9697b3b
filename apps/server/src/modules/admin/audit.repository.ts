import type { Db, Tx } from '../../db/database';
import { fetchPage, type Paging } from '../../db/paging';

export interface AuditFilter {
  operatorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
}

/** Queries on the audit log (it is only ever appended to: operators.ts `audit()`). */
export const auditRepository = {
  /** A page of the entries a filter matches, newest first, each with its operator's username. */
  page(db: Db | Tx, f: AuditFilter, paging: Paging) {
    let q = db.selectFrom('audit_log as a').leftJoin('operators as o', 'o.id', 'a.operator_id');
    if (f.operatorId !== undefined) q = q.where('a.operator_id', '=', f.operatorId);
    if (f.action !== undefined) q = q.where('a.action', '=', f.action);
    if (f.targetType !== undefined) q = q.where('a.target_type', '=', f.targetType);
    if (f.targetId !== undefined) q = q.where('a.target_id', '=', f.targetId);
    if (f.from !== undefined) q = q.where('a.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('a.created_at', '<', f.to);
    return fetchPage(
      q,
      (filtered) =>
        filtered
          .select([
            'a.id',
            'a.operator_id',
            'o.username',
            'a.action',
            'a.target_type',
            'a.target_id',
            'a.before',
            'a.after',
            'a.detail',
            'a.created_at',
          ])
          .orderBy('a.id', 'desc'),
      paging,
      (rows) => rows,
    );
  },
};
