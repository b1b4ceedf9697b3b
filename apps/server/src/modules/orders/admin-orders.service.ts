import type { OrderStatus } from '@dropdesk/contract/orders';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { recordDecision } from '../admin/operators';
import { orderDetailOf, orderItemOf } from './order.views';
import { type OrderWithRefund, ordersRepository as repo } from './orders.repository';
import { moveOrder, type OrderRow } from './transitions';

export interface OrderDeskDeps {
  db: Db;
  clock: Clock;
}

/** The operator's line of an order: the merchant's, with whose shop it is and how it ships. */
function adminItemOf(order: OrderRow, refundStatus: OrderWithRefund['refund_status'], shopName: string) {
  return {
    ...orderItemOf(order, refundStatus),
    merchant_id: order.merchant_id,
    shop_name: shopName,
    carrier: order.carrier,
    tracking_no: order.tracking_no,
  };
}

/** The next shipping step an operator records: in transit from shipped, reached from in transit. */
const PROGRESS = {
  6: { from: 2, at: 'in_transit_at' },
  7: { from: 6, at: 'reached_at' },
} as const;

/**
 * The support desk's orders (roles support and admin, from the contract rows): every shop's orders
 * unmasked, and shipping (1 → 2 with carrier and tracking number, then 6 and 7 with notes). Each step
 * is one transaction: the order's conditional move (ORDER_STATUS_CHANGED when another step got there
 * first), its timeline row with the operator, the audit entry (before and after) and the merchant's
 * notice.
 */
export class OrderDesk {
  constructor(private readonly deps: OrderDeskDeps) {}

  async list(
    query: Paging & {
      status?: OrderStatus | undefined;
      merchant_id?: number | undefined;
      keyword?: string | undefined;
    },
  ) {
    const { db } = this.deps;
    const page = await repo.page(
      db,
      { merchantId: query.merchant_id, status: query.status, keyword: query.keyword },
      query,
    );
    const shops = await repo.shopNames(
      db,
      page.rows.map((o) => o.merchant_id),
    );
    return {
      total: page.total,
      total_capped: page.capped,
      page: query.page,
      limit: query.limit,
      list: page.rows.map((o) => adminItemOf(o, o.refund_status, shops.get(o.merchant_id) ?? '')),
    };
  }

  async detail(id: number) {
    const { db } = this.deps;
    const order = await repo.byId(db, id);
    if (!order) throw notFound();
    const [events, shops] = await Promise.all([repo.events(db, id), repo.shopNames(db, [order.merchant_id])]);
    return {
      ...orderDetailOf(order, events, order.refund_status ? { status: order.refund_status } : null, {
        unmasked: true,
      }),
      merchant_id: order.merchant_id,
      shop_name: shops.get(order.merchant_id) ?? '',
    };
  }

  /** Marks a picked-up order shipped (1 → 2) with its carrier and tracking number. */
  ship(op: SessionOperator, body: { id: number; carrier: string; tracking_no: string }) {
    const now = this.deps.clock.now();
    return this.step(op, body.id, now, async (tx) => {
      const order = await moveOrder(
        tx,
        body.id,
        {},
        {
          from: [1],
          to: 2,
          set: { carrier: body.carrier, tracking_no: body.tracking_no, shipped_at: now },
          note: `${body.carrier} ${body.tracking_no}`,
          operatorId: op.id,
        },
        now,
      );
      return {
        order,
        action: 'order.ship',
        before: { status: 1, carrier: null, tracking_no: null },
        after: { status: 2, carrier: body.carrier, tracking_no: body.tracking_no },
        notice: {
          type: 'order_shipped' as const,
          params: { order_no: order.order_no, carrier: body.carrier, tracking_no: body.tracking_no },
        },
      };
    });
  }

  /** Records the next shipping step: in transit (2 → 6) or reached (6 → 7), with a note. */
  progress(op: SessionOperator, body: { id: number; status: 6 | 7; note?: string | undefined }) {
    const now = this.deps.clock.now();
    const step = PROGRESS[body.status];
    const note = body.note ? body.note : null;
    return this.step(op, body.id, now, async (tx) => {
      const order = await moveOrder(
        tx,
        body.id,
        {},
        { from: [step.from], to: body.status, set: { [step.at]: now }, note, operatorId: op.id },
        now,
      );
      return {
        order,
        action: 'order.progress',
        before: { status: step.from },
        after: { status: body.status, note },
        notice: {
          type: 'order_progress' as const,
          params: { order_no: order.order_no, status: body.status, note },
        },
      };
    });
  }

  /** One shipping step in a transaction with its audit entry and notice; answers the order's line. */
  private async step(
    op: SessionOperator,
    id: number,
    now: number,
    move: (tx: Db) => Promise<{
      order: OrderRow;
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      notice: { type: 'order_shipped' | 'order_progress'; params: Record<string, string | number | null> };
    }>,
  ) {
    const { db } = this.deps;
    const order = await db.transaction().execute(async (tx) => {
      const done = await move(tx);
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: done.action,
          target: { type: 'order', id },
          before: done.before,
          after: done.after,
          notice: { merchantId: done.order.merchant_id, ...done.notice },
        },
        now,
      );
      return done.order;
    });
    const fresh = await repo.byId(db, order.id);
    const shops = await repo.shopNames(db, [order.merchant_id]);
    return adminItemOf(order, fresh?.refund_status ?? null, shops.get(order.merchant_id) ?? '');
  }
}
