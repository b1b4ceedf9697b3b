import type { OperatorRole, RouteDef } from '@dropdesk/contract/route';

/**
 * Whether an operator's role may call a contract row: the row's own `roles`, which the server
 * enforces (FORBIDDEN). The console only hides what a role can't use.
 */
export function canUse(role: OperatorRole | undefined, row: Pick<RouteDef, 'roles'>): boolean {
  return role !== undefined && (row.roles ?? []).includes(role);
}
