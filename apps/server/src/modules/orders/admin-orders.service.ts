import type { AuditAction } from '@dropdesk/contract/admin';
import type { Lang } from '@dropdesk/contract/constants';
import type { OrderStatus } from '@dropdesk/contract/orders';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import type { OrderRow } from '../../db/schema';
import { t } from '../../i18n/t';
import type { Clock } from '../../lib/clock';
import { notFound, Refusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { recordDecision } from '../audit';
import { shopNames } from '../shop';
import { orderDetailOf, orderItemOf } from './order.views';
import { type OrderWithRefund, ordersRepository as repo } from './orders.repository';
import { readShipCsv, type ShipCsvResult } from './ship-csv';
import { moveOrder } from './transitions';

export interface OrderDeskDeps {
  db: Db;
  clock: Clock;
  /** Where a shipping CSV row that failed for a reason other than a refusal is told (the others go on). */
  log?: (message: string, error: unknown) => void;
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

/** Shops a shop-name filter names one by one; past this many, the name search itself is the filter. */
const SHOPS_BY_NAME = 200;

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

  /**
   * Every shop's orders, newest first, by status, merchant (`merchant_id`, or `merchant`: an id or a
   * piece of the shop's name), order number, buyer (email or the receiver's phone) or keyword.
   */
  async list(
    query: Paging & {
      status?: OrderStatus | undefined;
      merchant_id?: number | undefined;
      merchant?: { id: number } | { shop: string } | undefined;
      order_no?: string | undefined;
      buyer?: { email: string } | { phone: string } | undefined;
      keyword?: string | undefined;
    },
  ) {
    const { db } = this.deps;
    const ids: number[] = [];
    if (query.merchant_id !== undefined) ids.push(query.merchant_id);
    if (query.merchant && 'id' in query.merchant) ids.push(query.merchant.id);
    // Both given and different: no order is of two shops.
    const merchantId = ids.length && ids.every((id) => id === ids[0]) ? ids[0] : ids.length ? -1 : undefined;
    const merchantIds =
      query.merchant && 'shop' in query.merchant
        ? await shopNames.named(db, query.merchant.shop, SHOPS_BY_NAME)
        : undefined;
    const buyer =
      query.buyer && 'email' in query.buyer
        ? { email: query.buyer.email, buyerId: await repo.buyerIdByEmail(db, query.buyer.email) }
        : query.buyer;
    const page = await repo.page(
      db,
      {
        merchantId,
        merchantIds,
        status: query.status,
        keyword: query.keyword,
        orderNo: query.order_no,
        buyer,
      },
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

  /**
   * Shipping steps from a CSV (ship-csv.ts reads and checks it): each row, in file order, is its own
   * step (`ship` or `progress`, so its own transaction, timeline row, audit entry and notice), and a
   * row refused (a bad cell, an order not found, an order not in the step's status) is reported and
   * does not stop the others. Rows naming one order twice run in order (shipped, then in transit).
   */
  async shipCsv(op: SessionOperator, lang: Lang, bytes: Buffer) {
    const { rows, lines } = readShipCsv(bytes, lang);
    const results: ShipCsvResult[] = [];
    for (const line of lines) {
      if ('result' in line) {
        results.push(line.result);
        continue;
      }
      const base = { row: line.row, order_no: line.order_no, action: line.action };
      try {
        const id = await repo.idByOrderNo(this.deps.db, line.order_no);
        if (id === undefined) throw notFound();
        if (line.action === 'shipped')
          await this.ship(op, { id, carrier: line.carrier, tracking_no: line.tracking_no });
        else
          await this.progress(op, {
            id,
            status: line.action === 'in_transit' ? 6 : 7,
            ...(line.note === null ? {} : { note: line.note }),
          });
        results.push({ ...base, done: true, error: null, field: null, msg: null });
      } catch (error) {
        const key = error instanceof Refusal ? error.key : 'INTERNAL';
        if (!(error instanceof Refusal)) this.deps.log?.(`ship_csv: row ${line.row} failed`, error);
        results.push({ ...base, done: false, error: key, field: null, msg: t(lang, key) });
      }
    }
    const done = results.filter((r) => r.done).length;
    return { rows, done, failed: results.length - done, results };
  }

  /** One shipping step in a transaction with its audit entry and notice; answers the order's line. */
  private async step(
    op: SessionOperator,
    id: number,
    now: number,
    move: (tx: Db) => Promise<{
      order: OrderRow;
      action: AuditAction;
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
