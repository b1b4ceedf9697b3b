import { expect } from 'vitest';
import type { Refusal } from '../src/lib/refusal';
import type { Idempotency } from '../src/plugins/idempotency';
import type { SessionOperator } from '../src/plugins/types';
import type { TestApp } from './app';

/**
 * Helpers of the middle test size: services called without HTTP on a real database, and what they
 * leave behind (audit entries, notices) read back as an operator or a merchant would see them.
 */

/** An operator row to decide with, as a service receives it from the auth plugin. */
export async function newReviewer(t: TestApp, username: string): Promise<SessionOperator> {
  const row = await t.database.db
    .insertInto('operators')
    .values({ username, password_hash: 'x', role: 'reviewer', disabled_at: null, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, role: 'reviewer', sessionId: 0 };
}

/** The refusal a service call rejects with; fails the test when it resolves or crashes. */
export async function refusedWith(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeTruthy();
  expect((error as Error).name, String(error)).toBe('Refusal');
  return error as Refusal;
}

/** The id of the newest audit entry (0 when there is none). */
export async function lastAuditId(t: TestApp): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * The audit entries written after entry `after`, oldest first, as the operator's record shows them:
 * `before`, `after` and `detail` read back from their JSON (null where there is none).
 */
export async function auditSince(t: TestApp, after: number) {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['operator_id', 'action', 'target_type', 'target_id', 'before', 'after', 'detail'])
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  const json = (text: string | null): any => (text === null ? null : JSON.parse(text));
  return rows.map((r) => ({ ...r, before: json(r.before), after: json(r.after), detail: json(r.detail) }));
}

/** A merchant's notices, oldest first, with their params read. */
export async function noticesOf(t: TestApp, merchantId: number) {
  const rows = await t.database.db
    .selectFrom('notices')
    .select(['type', 'title_key', 'params', 'ref_type', 'ref_id'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, params: JSON.parse(r.params) }));
}

/** An Idempotency-Key whose reservation a retry took over: completing it fails, as the plugin's does. */
export function lostReservation(key: string): Idempotency {
  return {
    scope: 'm:test',
    key,
    reservedAt: 0,
    completed: false,
    async complete() {
      throw new Error(`Idempotency-Key ${key} lost its reservation`);
    },
  };
}

/** The operator a client's session belongs to (id and username). */
export async function operatorOf(t: TestApp, client: { token: string | null }) {
  const { sha256 } = await import('../src/lib/crypto');
  return t.database.db
    .selectFrom('sessions as s')
    .innerJoin('operators as o', 'o.id', 's.subject_id')
    .select(['o.id', 'o.username'])
    .where('s.subject_type', '=', 'operator')
    .where('s.token_hash', '=', sha256(client.token ?? ''))
    .executeTakeFirstOrThrow();
}

/**
 * The file link a service test hands a service that names private files (vouchers, ID photos): the
 * plain path. Signed links and who may open them are tested over HTTP (uploads/private-files.test.ts).
 */
export const plainLink = (ref: string): string => `/uploads/${ref}`;
