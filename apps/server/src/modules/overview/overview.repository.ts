import type { AccountKind } from '@dropdesk/contract/ledger';
import type { Queue } from '@dropdesk/contract/overview';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type { LedgerChecksTable } from '../../db/schema';

export type LedgerCheckRow = Selectable<LedgerChecksTable>;

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The overview's reads, each from an index (migration 013): the work queues' sizes and oldest items,
 * orders by status, the dashboard's per-shop slots summed over all shops, the ledger's cached
 * balances summed per kind, and the ledger checks' record. No rules here.
 */
export const overviewRepository = {
  /**
   * Each work queue's size and the time its oldest item entered it, in one statement. A queue's
   * items are counted from its status index; the oldest is the first by id (ids grow with time)
   * except appeals, whose time is the appeal's (the few appealed refunds are read for it).
   */
  async queues(db: Db): Promise<Record<Queue, { pending: number; oldest: number | null }>> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('recharges')
          .select(eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          // The chain watcher's transfers wait for blocks, not for a person.
          .where('tx_hash', 'is', null)
          .as('recharges_n'),
        eb
          .selectFrom('recharges')
          .select('created_at')
          .where('status', '=', 'pending')
          .where('tx_hash', 'is', null)
          .orderBy('id')
          .limit(1)
          .as('recharges_at'),
        eb
          .selectFrom('withdrawals')
          .select(eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          .as('withdrawals_n'),
        eb
          .selectFrom('withdrawals')
          .select('created_at')
          .where('status', '=', 'pending')
          .orderBy('id')
          .limit(1)
          .as('withdrawals_at'),
        eb
          .selectFrom('kyc_submissions')
          .select(eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          .as('kyc_n'),
        eb
          .selectFrom('kyc_submissions')
          .select('created_at')
          .where('status', '=', 'pending')
          .orderBy('id')
          .limit(1)
          .as('kyc_at'),
        eb
          .selectFrom('refunds')
          .select(eb.fn.countAll().as('n'))
          .where('status', '=', 'appealed')
          .as('appeals_n'),
        eb
          .selectFrom('refunds')
          .select((e) => e.fn.min('appealed_at').as('at'))
          .where('status', '=', 'appealed')
          .as('appeals_at'),
        eb
          .selectFrom('balance_adjustments')
          .select(eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          .as('adjustments_n'),
        eb
          .selectFrom('balance_adjustments')
          .select('created_at')
          .where('status', '=', 'pending')
          .orderBy('id')
          .limit(1)
          .as('adjustments_at'),
        eb.selectFrom('orders').select(eb.fn.countAll().as('n')).where('status', '=', 1).as('shipping_n'),
        eb
          .selectFrom('orders')
          .select('picked_at')
          .where('status', '=', 1)
          .orderBy('id')
          .limit(1)
          .as('shipping_at'),
      ])
      .executeTakeFirstOrThrow();
    const r = row as Record<string, unknown>;
    const of = (q: Queue) => ({ pending: num(r[`${q}_n`]), oldest: numOrNull(r[`${q}_at`]) });
    return {
      recharges: of('recharges'),
      withdrawals: of('withdrawals'),
      kyc: of('kyc'),
      appeals: of('appeals'),
      adjustments: of('adjustments'),
      shipping: of('shipping'),
    };
  },

  /**
   * The payout promise kept: today's promise (hours), withdrawals pending past theirs at `now`, and
   * of those paid since each of `since`, how many within their promise.
   */
  async payoutPromise(db: Db, now: number, since: readonly number[]) {
    const settings = await db
      .selectFrom('wallet_settings')
      .select('processing_hours')
      .where('id', '=', 1)
      .executeTakeFirst();
    const late = await db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'pending')
      .where('due_at', '<=', now)
      .executeTakeFirst();
    const paid = await Promise.all(
      since.map((from) =>
        db
          .selectFrom('withdrawals')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('paid'),
            eb.fn
              .sum<number | string | null>(sql`case when resolved_at <= due_at then 1 else 0 end`)
              .as('within'),
          ])
          .where('status', '=', 'approved')
          .where('resolved_at', '>=', from)
          .executeTakeFirst(),
      ),
    );
    return {
      hours: settings?.processing_hours ?? 0,
      late: num(late?.n),
      paid: paid.map((r) => ({ paid: num(r?.paid), within: num(r?.within) })),
    };
  },

  /** Every order counted by status (orders_status: the index alone). */
  async ordersByStatus(db: Db): Promise<Array<{ status: number; count: number }>> {
    const rows = await db
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    return rows.map((r) => ({ status: Number(r.status), count: num(r.n) }));
  },

  /**
   * Sold orders and their sales over every shop per 15-minute slot, from `fromSlot` on: the
   * dashboard's rollups (shop_stat_slots) read in slot order from shop_stat_slots_slot, which covers
   * both columns; slots with nothing sold are left out.
   */
  async soldPerSlot(db: Db, fromSlot: number): Promise<Map<number, { orders: number; sales: number }>> {
    const rows = await db
      .selectFrom('shop_stat_slots')
      .select((eb) => ['slot', eb.fn.sum('orders').as('orders'), eb.fn.sum('sales').as('sales')])
      .where('slot', '>=', fromSlot)
      .groupBy('slot')
      .execute();
    const out = new Map<number, { orders: number; sales: number }>();
    for (const r of rows) {
      const orders = num(r.orders);
      const sales = num(r.sales);
      if (orders !== 0 || sales !== 0) out.set(Number(r.slot), { orders, sales });
    }
    return out;
  },

  /** The ledger's cached balances summed per account kind (accounts_kind covers both columns). */
  async balancesByKind(db: Db): Promise<Map<AccountKind, number>> {
    const rows = await db
      .selectFrom('accounts')
      .select((eb) => ['kind', eb.fn.sum('balance').as('total')])
      .groupBy('kind')
      .execute();
    return new Map(rows.map((r) => [r.kind, num(r.total)]));
  },

  // ---------------------------------------------------------------- ledger checks

  lastCheck(db: Db): Promise<LedgerCheckRow | undefined> {
    return db.selectFrom('ledger_checks').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  checks(db: Db, paging: Paging): Promise<PageOf<LedgerCheckRow>> {
    return fetchPage(
      db.selectFrom('ledger_checks'),
      (q) => q.selectAll().orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  insertCheck(db: Db, row: Insertable<LedgerChecksTable>): Promise<LedgerCheckRow> {
    return db.insertInto('ledger_checks').values(row).returningAll().executeTakeFirstOrThrow();
  },
};
