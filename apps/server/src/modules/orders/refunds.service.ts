import { formatMoney } from '@dropdesk/contract/money';
import { ORDER_STATUSES, type OrderStatus, type RefundStatus } from '@dropdesk/contract/orders';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import type { OrderRow } from '../../db/schema';
import { moneyTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionOperator } from '../../plugins/types';
import { recordDecision } from '../audit';
import { shopStats } from '../dashboard';
import { walletBalance } from '../ledger';
import { moneyTrailOf, orderItemOf, refundItemOf } from './order.views';
import { refundJournal } from './order-money';
import { type RefundRow, ordersRepository as repo } from './orders.repository';
import { stockRepository } from './stock.repository';
import { moveOrder, updateOrderIn } from './transitions';

export interface RefundsDeps {
  db: Db;
  clock: Clock;
}

/** Statuses in which the goods have not left: a refund then cancels the order (and returns the cost). */
const NOT_SHIPPED: readonly OrderStatus[] = [5, 1];
/** Statuses in which the goods are on their way or with the buyer: a refund pays back the amount. */
const SHIPPED_UNSETTLED: readonly OrderStatus[] = [2, 6, 7, 3];
/** A refund decided while an operator moves the order (ships it) looks again this many times. */
const RACE_RETRIES = 3;

/**
 * Pays a refund the buyer is owed: the one money path of a merchant's approval and an operator's
 * arbitration in the buyer's favour (docs/design.md §5 "Refunds"), inside the decision's transaction.
 *
 * - Goods not shipped (5, or 1: picked up, not shipped): the order is cancelled (5/1 → −1). The buyer
 *   gets back all they paid (what they asked for and the rest: nothing was sent, and a cancelled
 *   order never settles, so anything left in escrow would stay there), the cost paid at pickup
 *   returns to the wallet, the units return to the product's stock and no longer count as sold.
 * - Shipped and not settled (2, 6, 7, 3): the amount asked is refunded from escrow; the order goes
 *   on, and settles later for what is left (total − refunded).
 * Either way the order's refund is no longer open, so settlement may go ahead.
 *
 * Each branch changes the order with a conditional UPDATE from the statuses it read: an operator
 * shipping the order at the same moment makes it fail (ORDER_STATUS_CHANGED, nothing written yet),
 * and the order is read again and the other branch taken. The money columns read beside the status
 * (refunded, cost paid) change only through this refund or in statuses it excludes, so they are
 * those of the order the UPDATE finds.
 */
export async function payRefund(
  tx: Db,
  refund: RefundRow,
  at: number,
): Promise<{ order: OrderRow; journalId: number }> {
  for (let attempt = 1; ; attempt++) {
    const order = await repo.byId(tx, refund.order_id);
    if (!order) throw new Error(`refund ${refund.id}: order ${refund.order_id} is missing`);
    try {
      if (NOT_SHIPPED.includes(order.status)) {
        const moved = await moveOrder(
          tx,
          order.id,
          {},
          {
            from: NOT_SHIPPED,
            to: -1,
            set: {
              cancelled_at: at,
              refunded: order.total,
              cost_returned: order.cost_paid,
              settlement: 0,
              refund_open: 0,
            },
          },
          at,
        );
        const journal = await refundJournal(
          tx,
          order,
          {
            amount: order.total - order.refunded,
            returnCost: true,
            refId: { type: 'refund', id: refund.id },
          },
          at,
        );
        await stockRepository.release(tx, order, at);
        await stockRepository.addSales(tx, order, -1);
        return { order: moved, journalId: journal.id };
      }
      const moved = await updateOrderIn(
        tx,
        order.id,
        SHIPPED_UNSETTLED,
        { refunded: order.refunded + refund.amount, refund_open: 0 },
        at,
        { settlement: order.settlement },
      );
      const journal = await refundJournal(
        tx,
        order,
        { amount: refund.amount, returnCost: false, refId: { type: 'refund', id: refund.id } },
        at,
      );
      return { order: moved, journalId: journal.id };
    } catch (error) {
      const raced = error instanceof Refusal && error.key === 'ORDER_STATUS_CHANGED';
      if (!raced || attempt >= RACE_RETRIES) throw error;
    }
  }
}

/** Refunds: the merchant's list and decision, the operators' appeals and arbitration. */
export class RefundsService {
  constructor(private readonly deps: RefundsDeps) {}

  /** The refunds asked on the shop's orders, newest first. */
  async list(merchantId: number, query: Paging & { status?: RefundStatus | undefined }) {
    const page = await repo.refundsPage(
      this.deps.db,
      { merchantId, statuses: query.status ? [query.status] : undefined },
      query,
      'desc',
    );
    return {
      total: page.total,
      page: query.page,
      limit: query.limit,
      list: page.rows.map((r) => refundItemOf(r, r)),
    };
  }

  /**
   * The merchant decides a pending refund, once (a conditional UPDATE from 'pending' scoped to the
   * shop: ALREADY_RESOLVED when decided, NOT_FOUND when not theirs). Approve: payRefund. Reject: the
   * reason is kept and the order's refund is no longer open (the buyer may appeal). In one money
   * transaction with the Idempotency-Key; the answer is the refund, its order and the wallet.
   */
  audit(
    merchantId: number,
    body: { id: number; action: 'approve' | 'reject'; reason?: string | undefined },
    idem: Idempotency | null,
  ) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      const approve = body.action === 'approve';
      const decided = await repo.decideRefund(
        tx,
        body.id,
        'pending',
        approve
          ? { status: 'approved', resolved_at: now, updated_at: now }
          : { status: 'rejected', reject_reason: body.reason ?? '', resolved_at: now, updated_at: now },
        { merchantId },
      );
      const refund = decided ?? (await this.refusal(tx, body.id, { merchantId }));
      let order: OrderRow;
      if (approve) {
        const paid = await payRefund(tx, refund, now);
        await repo.setRefundJournal(tx, refund.id, paid.journalId);
        order = paid.order;
      } else {
        order = await this.close(tx, refund.order_id, now);
      }
      return {
        refund: refundItemOf(refund, order),
        order: orderItemOf(order, refund.status),
        balance: formatMoney(await walletBalance(tx, merchantId)),
      };
    });
  }

  /**
   * Refunds appealed to the platform (or, with `status`, those decided on appeal), oldest first: the
   * buyer's reason and appeal statement and the merchant's rejection (the refund's own columns), and
   * the order's status and money trail (where the money is, from the order's money columns).
   */
  async appeals(query: Paging & { status?: 'appealed' | 'appeal_refunded' | 'appeal_rejected' | undefined }) {
    const { db } = this.deps;
    const page = await repo.refundsPage(
      db,
      { statuses: query.status ? [query.status] : ['appealed', 'appeal_refunded', 'appeal_rejected'] },
      query,
      'asc',
    );
    const [shops, orders] = await Promise.all([
      repo.shopNames(
        db,
        page.rows.map((r) => r.merchant_id),
      ),
      repo
        .withRefunds(
          db,
          page.rows.map((r) => r.order_id),
        )
        .then((rows) => new Map(rows.map((o) => [o.id, o]))),
    ]);
    return {
      total: page.total,
      page: query.page,
      limit: query.limit,
      list: page.rows.map((r) => {
        const order = orders.get(r.order_id)!;
        return {
          ...refundItemOf(r, r),
          merchant_id: r.merchant_id,
          shop_name: shops.get(r.merchant_id) ?? '',
          order_status: order.status,
          money: moneyTrailOf(order),
        };
      }),
    };
  }

  /**
   * An operator decides an appealed refund, once: for the buyer (payRefund, the merchant's approval's
   * own path) or upholding the merchant's rejection. With the operator's reason, an audit entry
   * (before and after) and the merchant's notice, in one money transaction with the Idempotency-Key.
   */
  arbitrate(
    op: SessionOperator,
    body: { id: number; decision: 'refund' | 'reject'; reason: string },
    idem: Idempotency | null,
  ) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      const refundIt = body.decision === 'refund';
      const decided = await repo.decideRefund(tx, body.id, 'appealed', {
        status: refundIt ? 'appeal_refunded' : 'appeal_rejected',
        decision_reason: body.reason,
        operator_id: op.id,
        resolved_at: now,
        updated_at: now,
      });
      const refund = decided ?? (await this.refusal(tx, body.id));
      let order: OrderRow;
      let journalId: number | null = null;
      if (refundIt) {
        // A refund the merchant rejected, granted on appeal: one lost for the credit score. Counted
        // before the refund's rows (the order's rollups, then the ledger's accounts), the order every
        // transaction takes the rollups' and accounts' locks in.
        await shopStats.refundLost(tx, refund.merchant_id, now);
        const paid = await payRefund(tx, refund, now);
        await repo.setRefundJournal(tx, refund.id, paid.journalId);
        order = paid.order;
        journalId = paid.journalId;
      } else {
        order = await this.close(tx, refund.order_id, now);
      }
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: refundIt ? 'refund.arbitrate.refund' : 'refund.arbitrate.reject',
          target: { type: 'refund', id: refund.id },
          before: { status: 'appealed', decision_reason: null },
          after: { status: refund.status, decision_reason: body.reason, journal_id: journalId },
          detail: { order_id: order.id, order_refunded: formatMoney(order.refunded) },
          notice: {
            merchantId: refund.merchant_id,
            type: 'refund_arbitrated',
            params: {
              order_no: order.order_no,
              decision: body.decision,
              amount: formatMoney(refund.amount),
              reason: body.reason,
            },
          },
        },
        now,
      );
      return refundItemOf(refund, order);
    });
  }

  /** A rejection closes the order's open refund, so settlement may go ahead (or an appeal reopen it). */
  private async close(tx: Db, orderId: number, now: number): Promise<OrderRow> {
    return updateOrderIn(tx, orderId, ORDER_STATUSES, { refund_open: 0 }, now);
  }

  /** Why a refund could not be decided: decided already, or none (or another shop's). */
  private async refusal(tx: Db, id: number, scope: { merchantId?: number } = {}): Promise<never> {
    throw (await repo.refundById(tx, id, scope)) ? new Refusal('ALREADY_RESOLVED') : notFound();
  }
}
