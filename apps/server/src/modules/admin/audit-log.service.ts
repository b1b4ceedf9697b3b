import type { auditEntry } from '@dropdesk/contract/admin';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import { iso } from '../../lib/clock';
import { type AuditFilter, auditRepository } from './audit.repository';

type AuditEntry = z.infer<typeof auditEntry>;

/**
 * A stored JSON value as the contract shows it: an object, or null. Entries written before 012 hold
 * `{}` in `detail` and nothing in `before` and `after`; any other JSON (never written today) is kept
 * under `value` rather than dropped.
 */
function jsonOf(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  if (value === null) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/** The console's audit screen: the append-only log, newest first, filtered (docs/console-api.md). */
export class AuditLog {
  constructor(private readonly deps: { db: Db }) {}

  async page(filter: AuditFilter, paging: Paging): Promise<PageOf<AuditEntry>> {
    const found = await auditRepository.page(this.deps.db, filter, paging);
    return {
      ...found,
      list: found.list.map(
        (r): AuditEntry => ({
          id: r.id,
          operator:
            r.operator_id === null
              ? null
              : { id: r.operator_id, username: r.username ?? `#${r.operator_id}` },
          action: r.action,
          target_type: r.target_type,
          target_id: r.target_id,
          before: jsonOf(r.before),
          after: jsonOf(r.after),
          detail: jsonOf(r.detail),
          created_at: iso(r.created_at),
        }),
      ),
    };
  }
}
