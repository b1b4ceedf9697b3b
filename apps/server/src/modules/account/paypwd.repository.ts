import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';

/** A check's slot: the hash it verifies against, and the generation its release must match. */
export interface PaySlot {
  hash: string;
  gen: number;
}

export interface PayState {
  pay_password_hash: string | null;
  pay_fail_count: number;
  pay_locked_until: number | null;
  pay_inflight: number;
  pay_inflight_until: number | null;
}

/**
 * The payment-password columns of `merchants`; each write is one conditional UPDATE on the
 * merchant's row, atomic on both engines. The numbers (how many, how long) come from the service.
 */
export const payPasswordsRepository = {
  state(db: Db | Tx, merchantId: number): Promise<PayState | undefined> {
    return db
      .selectFrom('merchants')
      .select([
        'pay_password_hash',
        'pay_fail_count',
        'pay_locked_until',
        'pay_inflight',
        'pay_inflight_until',
      ])
      .where('id', '=', merchantId)
      .executeTakeFirst();
  },

  /**
   * Takes a slot while failures plus live slots stay under `max` and no lock runs. In the same
   * statement: an expired lock is cleared with its failures, and slots whose lease ran out (their
   * server died mid-check) are dropped, with a new generation. Undefined when no slot was taken.
   */
  async reserve(
    db: Db | Tx,
    merchantId: number,
    now: number,
    rule: { max: number; leaseMs: number },
  ): Promise<PaySlot | undefined> {
    const live = sql<boolean>`(pay_inflight > 0 and pay_inflight_until > ${now})`;
    const lockOver = sql<boolean>`(pay_locked_until is not null and pay_locked_until <= ${now})`;
    const failures = sql<number>`(case when ${lockOver} then 0 else pay_fail_count end)`;
    const inflight = sql<number>`(case when ${live} then pay_inflight else 0 end)`;
    const until = now + rule.leaseMs;
    const row = await db
      .updateTable('merchants')
      .set({
        pay_fail_count: failures,
        pay_locked_until: sql`case when ${lockOver} then null else pay_locked_until end`,
        pay_inflight: sql`${inflight} + 1`,
        // The lease covers every live slot; a server whose clock lags never shortens it.
        pay_inflight_until: sql`case when ${live} and pay_inflight_until > ${until} then pay_inflight_until else ${until} end`,
        pay_inflight_gen: sql`case when ${live} then pay_inflight_gen else pay_inflight_gen + 1 end`,
      })
      .where('id', '=', merchantId)
      .where('pay_password_hash', 'is not', null)
      .where(sql<boolean>`(pay_locked_until is null or ${lockOver})`)
      .where(sql<boolean>`${failures} + ${inflight} < ${rule.max}`)
      .returning(['pay_password_hash', 'pay_inflight_gen'])
      .executeTakeFirst();
    return row?.pay_password_hash ? { hash: row.pay_password_hash, gen: row.pay_inflight_gen } : undefined;
  },

  /** A right answer: frees its slot and clears the failures (never a stored lock). */
  async passed(db: Db | Tx, merchantId: number, slot: PaySlot): Promise<void> {
    await db
      .updateTable('merchants')
      .set({
        pay_fail_count: sql`case when pay_locked_until is null then 0 else pay_fail_count end`,
        pay_inflight: freeSlot(slot),
      })
      .where('id', '=', merchantId)
      .execute();
  },

  /**
   * A wrong answer: its slot becomes a failure, and the failure that reaches `max` stores the lock.
   * Returns the failures and the lock as they now stand.
   */
  async failed(
    db: Db | Tx,
    merchantId: number,
    slot: PaySlot,
    now: number,
    rule: { max: number; lockMs: number },
  ): Promise<{ failures: number; lockedUntil: number | null }> {
    const row = await db
      .updateTable('merchants')
      .set({
        pay_fail_count: sql`pay_fail_count + 1`,
        pay_inflight: freeSlot(slot),
        pay_locked_until: sql`case when pay_locked_until is null and pay_fail_count + 1 >= ${rule.max} then ${now + rule.lockMs} else pay_locked_until end`,
      })
      .where('id', '=', merchantId)
      .returning(['pay_fail_count', 'pay_locked_until'])
      .executeTakeFirstOrThrow();
    return { failures: row.pay_fail_count, lockedUntil: row.pay_locked_until };
  },

  /**
   * Stores a new hash and clears failures and lock; with `onlyIfUnset`, only where none was set.
   * Slots in flight are left to their own release. True when the row was written.
   */
  async storeHash(
    db: Db | Tx,
    merchantId: number,
    hash: string,
    now: number,
    onlyIfUnset: boolean,
  ): Promise<boolean> {
    let query = db
      .updateTable('merchants')
      .set({ pay_password_hash: hash, pay_fail_count: 0, pay_locked_until: null, updated_at: now })
      .where('id', '=', merchantId);
    if (onlyIfUnset) query = query.where('pay_password_hash', 'is', null);
    const done = await query.executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  },
};

/** Frees a slot, unless it was dropped as dead meanwhile (its generation is gone). */
const freeSlot = (slot: PaySlot) =>
  sql<number>`case when pay_inflight_gen = ${slot.gen} and pay_inflight > 0 then pay_inflight - 1 else pay_inflight end`;
