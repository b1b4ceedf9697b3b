import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PaymentsTable } from '../../db/schema';

export type PaymentRow = Selectable<PaymentsTable>;

/**
 * Queries of `payments` (one per payment of an order at a provider) and `payment_events` (each
 * provider event id once). Every status change is one conditional UPDATE from the statuses it may
 * leave, so two deliveries of one outcome move it once.
 */
export const paymentsRepository = {
  insert(
    tx: Db,
    values: { orderId: number; provider: string; ref: string; amount: number; now: number },
  ): Promise<PaymentRow> {
    return tx
      .insertInto('payments')
      .values({
        order_id: values.orderId,
        provider: values.provider,
        provider_ref: values.ref,
        amount: values.amount,
        journal_id: null,
        succeeded_at: null,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  byId(db: Db, id: number): Promise<PaymentRow | undefined> {
    return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  },

  byRef(db: Db, provider: string, ref: string): Promise<PaymentRow | undefined> {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
  },

  /** The newest payment of each order named (what the buyer sees). */
  async latestOf(db: Db, orderIds: readonly number[]): Promise<Map<number, PaymentRow>> {
    if (!orderIds.length) return new Map();
    const rows = await db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', 'in', [...new Set(orderIds)])
      .orderBy('id', 'asc')
      .execute();
    return new Map(rows.map((r) => [r.order_id, r]));
  },

  /** The order's payment that took the buyer's money, if any. */
  succeededOf(db: Db, orderId: number): Promise<PaymentRow | undefined> {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
  },

  /** created|failed → succeeded, once; undefined when it had already succeeded (or was refunded). */
  markSucceeded(tx: Db, id: number, now: number): Promise<PaymentRow | undefined> {
    return tx
      .updateTable('payments')
      .set({ status: 'succeeded', succeeded_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['created', 'failed'])
      .returningAll()
      .executeTakeFirst();
  },

  /** created → failed (the buyer may try again); a payment that succeeded stays so. */
  async markFailed(tx: Db, id: number, now: number): Promise<boolean> {
    const r = await tx
      .updateTable('payments')
      .set({ status: 'failed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** succeeded → refunded, once. */
  async markRefunded(tx: Db, id: number, now: number): Promise<boolean> {
    const r = await tx
      .updateTable('payments')
      .set({ status: 'refunded', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async setJournal(tx: Db, id: number, journalId: number): Promise<void> {
    await tx.updateTable('payments').set({ journal_id: journalId }).where('id', '=', id).execute();
  },

  /**
   * Records a provider event id; false when it was recorded before (a repeated or replayed event),
   * by the unique index, so two deliveries racing record it once.
   */
  async recordEvent(
    tx: Db,
    event: { provider: string; eventId: string; paymentId: number | null; type: string; at: number },
  ): Promise<boolean> {
    const r = await tx
      .insertInto('payment_events')
      .values({
        provider: event.provider,
        event_id: event.eventId,
        payment_id: event.paymentId,
        type: event.type,
        received_at: event.at,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** How many events of a payment were applied (tests, operators). */
  async eventCount(db: Db, paymentId: number): Promise<number> {
    const row = await db
      .selectFrom('payment_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
