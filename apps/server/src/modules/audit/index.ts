// The audit log's door: every operator action is appended here, in the action's own transaction.
export { type AuditEntry, type AuditValue, audit, recordDecision } from './audit';
