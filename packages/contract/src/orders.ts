import { z } from 'zod';
import { PAY_PASSWORD_CHECK_REFUSALS, payPasswordField } from './account';
import { calendarDay, isoTime, pageOf, pageQuery, queryInt } from './envelope';
import { moneyIn, moneyOut } from './money-fields';
import * as adminOrderPaths from './paths/admin-order';
import * as orderPaths from './paths/order';
import { REPORT_RANGES } from './reports';
import { defineRoute, type OperatorRole } from './route';
import { text } from './text';
import { idField, reasonField } from './wallet';

/**
 * Orders and refunds (docs/design.md §5 "Orders", "Refunds"; docs/orders.md): what a buyer's order is on
 * the merchant's side and the operator's, and the calls that move it. The buyer's side is
 * store.ts. Every order is placed and paid by a buyer in the storefront; nothing here creates one.
 */

// ---------------------------------------------------------------- statuses

/** Fulfilment status, as the wire (and the specification's tabs) number it. */
export const ORDER_STATUS = {
  unpaid: 0,
  awaiting_pickup: 5,
  awaiting_shipment: 1,
  shipped: 2,
  in_transit: 6,
  reached: 7,
  received: 3,
  completed: 4,
  cancelled: -1,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];
/** The order of the merchant app's tabs after "all". */
export const ORDER_TABS: readonly OrderStatus[] = [0, 5, 1, 2, 6, 7, 3, 4, -1];

/** Settlement, separate from fulfilment: none, pending (received, window open), settled. */
export const SETTLEMENT = { none: 0, pending: 1, settled: 2 } as const;
export type Settlement = (typeof SETTLEMENT)[keyof typeof SETTLEMENT];
export const SETTLEMENTS = Object.values(SETTLEMENT) as Settlement[];

/** Statuses in which an operator's shipping step may follow: 1 → 2 → 6 → 7. */
export const SHIPPING_STEPS = { 1: 2, 2: 6, 6: 7 } as const satisfies Partial<
  Record<OrderStatus, OrderStatus>
>;

/** An order the buyer received confirms itself this long after it reached them. */
export const AUTO_CONFIRM_MS = 7 * 24 * 3_600_000;
/** After receipt, refunds may still be asked this long; then the order settles. */
export const AFTER_SALES_MS = 3 * 24 * 3_600_000;
/** An unpaid order is cancelled (its stock released) this long after it was placed, by default. */
export const UNPAID_TIMEOUT_MS_DEFAULT = 30 * 60_000;

/** Most orders one `pick_batch` may name. */
export const MAX_PICK_BATCH = 100;

/**
 * Order counts (a list's `total`, the tabs' badges) are exact up to this many; past it a count reads
 * ORDER_COUNT_CAP with `capped: true` ("10,000+"), so a shop with a hundred thousand orders pays for
 * ten thousand index entries, not all of them. Pages past the cap still read (they are numbered).
 */
export const ORDER_COUNT_CAP = 10_000;

export const REFUND_STATUSES = [
  /** Asked by the buyer, waiting for the merchant. */
  'pending',
  /** The merchant approved: the buyer was refunded. */
  'approved',
  /** The merchant rejected; the buyer may appeal. */
  'rejected',
  /** The buyer appealed a rejection; an operator decides. */
  'appealed',
  /** The operator found for the buyer: refunded. */
  'appeal_refunded',
  /** The operator upheld the rejection. */
  'appeal_rejected',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Refund states in which the buyer has been refunded. */
export const REFUNDED_STATES: readonly RefundStatus[] = ['approved', 'appeal_refunded'];

/** Shipping and appeals are the support desk's work. */
export const ORDER_DESK_ROLES = ['support', 'admin'] as const satisfies readonly OperatorRole[];
/** Refund appeals are also a reviewer's work queue (the queues are the reviewer's). */
export const APPEAL_ROLES = ['reviewer', 'support', 'admin'] as const satisfies readonly OperatorRole[];

/** Data rows one shipping CSV may carry (each row is its own transition, audit entry and notice). */
export const MAX_SHIP_CSV_ROWS = 2_000;
/** The shipping CSV's columns: the header names them, in any order; `status` and `note` may be left out. */
export const SHIP_CSV_COLUMNS = ['order_no', 'carrier', 'tracking_no', 'status', 'note'] as const;
/** What a shipping CSV row does, by its `status` cell (empty: shipped). */
export const SHIP_CSV_ACTIONS = ['shipped', 'in_transit', 'reached'] as const;
export type ShipCsvAction = (typeof SHIP_CSV_ACTIONS)[number];

// ---------------------------------------------------------------- fields

const statusField = z.union(
  ORDER_STATUSES.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<OrderStatus>],
  {
    error: 'FIELD_INVALID',
  },
);
/** A status in a query string: "5", "-1" (not a number: FIELD_INTEGER; another number: FIELD_INVALID). */
const statusQuery = z
  .string()
  .regex(/^-?\d$/, { error: 'FIELD_INTEGER' })
  .transform(Number)
  .pipe(statusField);
const settlementQuery = z
  .string()
  .regex(/^\d$/, { error: 'FIELD_INTEGER' })
  .transform(Number)
  .pipe(
    z.union(SETTLEMENTS.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<Settlement>], {
      error: 'FIELD_INVALID',
    }),
  );

/** An order-number or product-title search. */
export const orderKeywordField = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(60, { error: 'FIELD_TOO_LONG' })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const carrierField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(60, { error: 'FIELD_TOO_LONG' });
export const trackingNoField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(60, { error: 'FIELD_TOO_LONG' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'FIELD_INVALID' });
/** A note on a shipping step ("Arrived at Hanoi hub"). */
export const progressNoteField = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(200, { error: 'FIELD_TOO_LONG' });

// ---------------------------------------------------------------- shapes

/** One step of an order's timeline: a status reached, when, and a note (shipping progress). */
export const orderEvent = z.object({
  status: z.number().int(),
  at: isoTime,
  note: z.string().nullable(),
});

/** An order as the merchant's list shows it. Amounts are the order's own (prices of its day). */
export const orderItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  product_id: z.number().int(),
  listing_id: z.number().int().nullable(),
  title: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  /** Selling price of one unit, as the buyer paid it. */
  price: moneyOut,
  /** Total payment: price × quantity. */
  total: moneyOut,
  /** Purchase price (cost) of one unit, and of the order: what pickup pays. */
  cost: moneyOut,
  cost_total: moneyOut,
  /** total − refunded − cost paid (net of cost returned): what the order earns the merchant. */
  earnings: moneyOut,
  refunded: moneyOut,
  status: z.number().int(),
  settlement: z.number().int(),
  /** The order's refund, if one was asked. */
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  created_at: isoTime,
});
export type OrderItem = z.infer<typeof orderItem>;

/**
 * Why a cost paid at pickup did not come back with a refund: the goods had shipped, so the supplier
 * was paid for goods that left (a refund before shipping cancels the order and returns the cost).
 */
export const COST_KEPT_REASONS = ['shipped'] as const;

/** Where the order's money is, each figure from the order's journals. */
export const moneyTrail = z.object({
  /** What the buyer paid (0.00 while unpaid). */
  paid: moneyOut,
  paid_at: isoTime.nullable(),
  /** Still held in the platform's escrow for this order. */
  in_escrow: moneyOut,
  /** Cost debited from the wallet at pickup, and returned by a refund before shipping. */
  cost_paid: moneyOut,
  cost_returned: moneyOut,
  /** Refunded to the buyer from escrow. */
  refunded: moneyOut,
  /** Paid into the wallet at settlement. */
  settled: moneyOut,
  /** Its sales (as Home and the finance report count them): paid − refunded (expected: total, while unpaid). */
  sales: moneyOut,
  /**
   * The cost it carries (as Home and the finance report count it): cost paid − cost returned once
   * picked up or cancelled; its cost to pay at pickup while awaiting it (`cost_estimated`).
   */
  cost: moneyOut,
  cost_estimated: z.boolean(),
  /** Why the cost paid was not returned by the refund (null when nothing was refunded, or it came back). */
  cost_kept: z.enum(COST_KEPT_REASONS).nullable(),
  /** What the order earns: sales − cost (= paid − refunded − cost paid + cost returned). */
  profit: moneyOut,
  /** The profit is final: settled, cancelled, or refunded in full (nothing more can come in or go out); expected until then. */
  profit_final: z.boolean(),
  /** When the after-sales window closes and the order settles (null until received). */
  settles_at: isoTime.nullable(),
  settled_at: isoTime.nullable(),
});

export const orderDetail = orderItem.extend({
  /** Masked ("Ng*** V** A", "+84 ***** 1234", the street hidden) until the order is picked up. */
  receiver_name: z.string(),
  receiver_phone: z.string(),
  address: z.string(),
  masked: z.boolean(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  /** Every status the order reached, oldest first, with shipping notes. */
  timeline: z.array(orderEvent),
  picked_at: isoTime.nullable(),
  shipped_at: isoTime.nullable(),
  reached_at: isoTime.nullable(),
  received_at: isoTime.nullable(),
  completed_at: isoTime.nullable(),
  cancelled_at: isoTime.nullable(),
  /** An unpaid order is cancelled at this time. */
  pay_deadline: isoTime.nullable(),
  money: moneyTrail,
  rating: z.object({ stars: z.number().int(), comment: z.string(), at: isoTime }).nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderCounts = z.object({
  all: z.number().int(),
  /** `all` reached ORDER_COUNT_CAP: there are at least that many. */
  capped: z.boolean(),
  statuses: z.array(z.object({ status: z.number().int(), count: z.number().int(), capped: z.boolean() })),
});

/** A page of orders; `total_capped` (as catalogue search names it): `total` reached ORDER_COUNT_CAP, there are at least that many. */
const orderPage = <T extends z.ZodType>(item: T) => pageOf(item).extend({ total_capped: z.boolean() });

/**
 * The sums of every order a figure's filters keep (not only the page), in the figures' own terms
 * (docs/figures.md): how many match and how many of them count as sold, their sales, refunded,
 * cost (and its estimated part), profit, and what escrow holds for them now.
 */
export const orderSums = z.object({
  orders: z.number().int(),
  sold: z.number().int(),
  sales: moneyOut,
  refunded: moneyOut,
  cost: moneyOut,
  cost_estimated: moneyOut,
  profit: moneyOut,
  in_escrow: moneyOut,
});
export type OrderSums = z.infer<typeof orderSums>;

/** One order's result in a batch pickup: picked, or the refusal's key and message. */
export const pickResult = z.object({
  id: z.number().int(),
  picked: z.boolean(),
  error: z.string().nullable(),
  msg: z.string().nullable(),
});

export const refundItem = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  title: z.string(),
  /** What the buyer paid for the order, and asks back. */
  order_total: moneyOut,
  amount: moneyOut,
  reason: z.string(),
  goods_received: z.boolean(),
  status: z.enum(REFUND_STATUSES),
  /** The merchant's reason for a rejection. */
  reject_reason: z.string().nullable(),
  /** The buyer's statement on appeal, and the operator's reason. */
  appeal_statement: z.string().nullable(),
  decision_reason: z.string().nullable(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
});
export type RefundItem = z.infer<typeof refundItem>;

// ---------------------------------------------------------------- merchant bodies and queries

export const orderListQuery = z.strictObject({
  status: statusQuery.optional(),
  settlement: settlementQuery.optional(),
  keyword: orderKeywordField,
  /**
   * `1`: only the orders the dashboard counts as sold (paid, not refunded in full), the orders
   * behind its total sales (contract/dashboard.ts).
   */
  sold: z.literal('1', { error: 'FIELD_INVALID' }).optional(),
  /** Only orders paid on this day of the merchant's time zone (YYYY-MM-DD): today's sold orders. */
  paid_day: calendarDay.optional(),
  /** Only orders paid, at any time (`1`): the orders behind the profit, the cost and the refunded figures. */
  paid: z.literal('1', { error: 'FIELD_INVALID' }).optional(),
  /** Only orders paid in a period of the merchant's calendar, cut as the finance report cuts it. */
  paid_range: z.enum(REPORT_RANGES, { error: 'FIELD_INVALID' }).optional(),
  /** Only orders some of whose payment went back to the buyer (`1`). */
  refunded: z.literal('1', { error: 'FIELD_INVALID' }).optional(),
  /** Only orders whose money escrow still holds (`1`): paid, not refunded in full, not settled. */
  in_escrow: z.literal('1', { error: 'FIELD_INVALID' }).optional(),
  ...pageQuery,
});
/** The filters of the order list that make it the list behind a figure: its reply then carries `sums`. */
export const FIGURE_FILTERS = ['sold', 'paid', 'paid_day', 'paid_range', 'refunded', 'in_escrow'] as const;
export const orderDetailQuery = z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const pickBody = z.strictObject({ id: idField, pay_password: payPasswordField });
export const pickBatchBody = z.strictObject({
  ids: z
    .array(idField, { error: 'SELECT_ORDER' })
    .min(1, { error: 'SELECT_ORDER' })
    .max(MAX_PICK_BATCH, { error: 'FIELD_TOO_BIG' })
    .transform((ids) => [...new Set(ids)]),
  pay_password: payPasswordField,
});
export const refundListQuery = z.strictObject({
  status: z.enum(REFUND_STATUSES, { error: 'FIELD_INVALID' }).optional(),
  ...pageQuery,
});
export const refundAuditBody = z
  .strictObject({
    id: idField,
    action: z.enum(['approve', 'reject'], { error: 'FIELD_CHOOSE' }),
    reason: reasonField.optional(),
  })
  .refine((b) => b.action === 'approve' || (b.reason !== undefined && b.reason !== ''), {
    error: 'FIELD_REQUIRED',
    path: ['reason'],
  });

/** A pickup refusal or success answers the order as it now is, and the wallet's balance. */
const pickData = z.object({ order: orderItem, balance: moneyOut });

const PICK_REFUSALS = [
  'INVALID_INPUT',
  'NOT_FOUND',
  'ORDER_NOT_AWAITING_PICKUP',
  'BALANCE_SHORT',
  'PAY_PASSWORD_REQUIRED',
  'PAY_PASSWORD_FORMAT',
  ...PAY_PASSWORD_CHECK_REFUSALS,
] as const;

// ---------------------------------------------------------------- merchant routes

export const orderRoutes = {
  list: defineRoute({
    ...orderPaths.list,
    summary:
      "The shop's orders, newest first: filter by status, settlement, an order number or product title, and the figures' filters (sold, paid, paid day or period, refunded, in escrow), which add the sums of every order kept",
    refusals: ['INVALID_INPUT'],
    query: orderListQuery,
    /** `sums`: of every order the filters keep, when one of FIGURE_FILTERS is given; null otherwise. */
    data: orderPage(orderItem).extend({ sums: orderSums.nullable() }),
  }),
  detail: defineRoute({
    ...orderPaths.detail,
    summary: "One of the shop's orders: address (masked until picked up), timeline and money trail",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: orderDetailQuery,
    data: orderDetail,
  }),
  orderCount: defineRoute({
    ...orderPaths.orderCount,
    summary: "How many of the shop's orders are in each status (the tabs' badges)",
    refusals: [],
    data: orderCounts,
  }),
  pick: defineRoute({
    ...orderPaths.pick,
    writes: true,
    idempotent: true,
    summary:
      'Pick up an order awaiting pickup: its cost is debited from the wallet (one order_pickup journal); a short balance is refused with how much is missing',
    refusals: [...PICK_REFUSALS],
    body: pickBody,
    data: pickData,
  }),
  pickBatch: defineRoute({
    ...orderPaths.pickBatch,
    writes: true,
    idempotent: true,
    summary:
      'Pick up several orders in the order given, each in its own journal, until the balance runs out; reports each one',
    refusals: [
      'INVALID_INPUT',
      'SELECT_ORDER',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: pickBatchBody,
    data: z.object({
      results: z.array(pickResult),
      picked: z.number().int(),
      failed: z.number().int(),
      balance: moneyOut,
    }),
  }),
  refundOrder: defineRoute({
    ...orderPaths.refundOrder,
    summary: "Refund requests on the shop's orders, newest first",
    refusals: ['INVALID_INPUT'],
    query: refundListQuery,
    data: pageOf(refundItem),
  }),
  refundAudit: defineRoute({
    ...orderPaths.refundAudit,
    writes: true,
    idempotent: true,
    summary:
      'Approve a pending refund (the buyer is refunded from escrow; a cost paid for an order not yet shipped returns to the wallet) or reject it with a reason',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: refundAuditBody,
    data: z.object({ refund: refundItem, order: orderItem, balance: moneyOut }),
  }),
} as const;

// ---------------------------------------------------------------- operator

export const adminOrderItem = orderItem.extend({
  merchant_id: z.number().int(),
  shop_name: z.string(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
});

/** An order number as printed ("O20261122000042"): matched exactly, either case. */
export const orderNoQuery = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(40, { error: 'FIELD_TOO_LONG' })
  .transform((v) => v.toUpperCase())
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A merchant: its id (digits), or a piece of its shop's name. */
export const merchantQuery = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(60, { error: 'FIELD_TOO_LONG' })
  .optional()
  .transform((v): { id: number } | { shop: string } | undefined => {
    if (v === undefined || v === '') return undefined;
    return /^\d{1,15}$/.test(v) ? { id: Number(v) } : { shop: v };
  });

/**
 * A buyer: an email (the signed-in buyer's or a guest's, exactly, either case) or the receiver's
 * phone (spaces, dashes, dots and brackets dropped, as checkout stores it).
 */
export const buyerQuery = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(254, { error: 'FIELD_TOO_LONG' })
  .optional()
  .transform((v, ctx): { email: string } | { phone: string } | undefined => {
    if (v === undefined || v === '') return undefined;
    if (v.includes('@')) return { email: v.toLowerCase() };
    const phone = v.replace(/[\s\-().]/g, '');
    if (/^\+?[1-9]\d{5,14}$/.test(phone)) return { phone };
    ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' });
    return z.NEVER;
  });

export const adminOrdersQuery = z.strictObject({
  status: statusQuery.optional(),
  merchant_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  /** The merchant by id or shop name; `merchant_id` stays for links by id. */
  merchant: merchantQuery,
  order_no: orderNoQuery,
  buyer: buyerQuery,
  keyword: orderKeywordField,
  ...pageQuery,
});
export const shipBody = z.strictObject({ id: idField, carrier: carrierField, tracking_no: trackingNoField });
export const progressBody = z.strictObject({
  id: idField,
  /** The next step: 6 in transit (from 2), 7 reached (from 6). */
  status: z.union([z.literal(6), z.literal(7)], { error: 'FIELD_CHOOSE' }),
  note: progressNoteField.optional(),
});
export const appealsQuery = z.strictObject({
  status: z.enum(['appealed', 'appeal_refunded', 'appeal_rejected'], { error: 'FIELD_INVALID' }).optional(),
  ...pageQuery,
});
export const arbitrateBody = z.strictObject({
  id: idField,
  decision: z.enum(['refund', 'reject'], { error: 'FIELD_CHOOSE' }),
  reason: reasonField,
});

/** One row of a shipping CSV, as done or refused (like the catalogue import's problems). */
export const shipCsvResult = z.object({
  /** 1 is the first data row. */
  row: z.number().int(),
  order_no: z.string(),
  /** What the row asked for (null when the row could not be read). */
  action: z.enum(SHIP_CSV_ACTIONS).nullable(),
  done: z.boolean(),
  /** The refusal's key (ORDER_STATUS_CHANGED, NOT_FOUND, INVALID_INPUT...), the column at fault, and the message in the caller's language. */
  error: z.string().nullable(),
  field: z.string().nullable(),
  msg: z.string().nullable(),
});

/** An appealed refund as the queue shows it: both sides' statements and the order's money trail. */
export const appealItem = refundItem.extend({
  merchant_id: z.number().int(),
  shop_name: z.string(),
  order_status: z.number().int(),
  money: moneyTrail,
});

export const adminOrderRoutes = {
  orders: defineRoute({
    ...adminOrderPaths.orders,
    roles: ORDER_DESK_ROLES,
    summary:
      'Orders of every shop, newest first: filter by status, merchant (id or shop name), order number, buyer (email or phone), or a keyword (order-number prefix or title)',
    refusals: ['INVALID_INPUT'],
    query: adminOrdersQuery,
    data: orderPage(adminOrderItem),
  }),
  order: defineRoute({
    ...adminOrderPaths.order,
    roles: ORDER_DESK_ROLES,
    summary: 'One order, unmasked, with its timeline and money trail',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: orderDetailQuery,
    data: orderDetail.extend({ merchant_id: z.number().int(), shop_name: z.string() }),
  }),
  ship: defineRoute({
    ...adminOrderPaths.ship,
    roles: ORDER_DESK_ROLES,
    summary: 'Mark a picked-up order shipped (1 → 2) with its carrier and tracking number',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ORDER_STATUS_CHANGED'],
    body: shipBody,
    data: adminOrderItem,
  }),
  progress: defineRoute({
    ...adminOrderPaths.progress,
    roles: ORDER_DESK_ROLES,
    summary: 'Record the next shipping step: in transit (2 → 6) or reached (6 → 7), with a note',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ORDER_STATUS_CHANGED'],
    body: progressBody,
    data: adminOrderItem,
  }),
  shipCsv: defineRoute({
    ...adminOrderPaths.shipCsv,
    roles: ORDER_DESK_ROLES,
    multipart: true,
    summary:
      'Shipping steps from a CSV (multipart `file`, or a text/csv body): columns order_no, carrier, tracking_no (shipped), or order_no and status in_transit / reached (with an optional note). Each row is its own step, and one row refused does not stop the others; every row is reported',
    refusals: ['INVALID_INPUT', 'UNSUPPORTED_FILE', 'FILE_TOO_LARGE', 'UPLOAD_INVALID'],
    data: z.object({
      rows: z.number().int(),
      done: z.number().int(),
      failed: z.number().int(),
      results: z.array(shipCsvResult),
    }),
  }),
  appeals: defineRoute({
    ...adminOrderPaths.appeals,
    roles: APPEAL_ROLES,
    summary:
      "Refunds a merchant rejected and the buyer appealed, oldest first: the buyer's reason and appeal, the merchant's rejection, the order's money trail",
    refusals: ['INVALID_INPUT'],
    query: appealsQuery,
    data: pageOf(appealItem),
  }),
  arbitrate: defineRoute({
    ...adminOrderPaths.arbitrate,
    roles: APPEAL_ROLES,
    idempotent: true,
    summary:
      "Decide an appealed refund once: refund the buyer from escrow (as a merchant's approval would), or uphold the rejection",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: arbitrateBody,
    data: refundItem,
  }),
} as const;

/** A refund amount: more than zero; at most what the buyer paid is checked by the server. */
export const refundAmount = moneyIn.refine((v) => v !== 0, { error: 'CANNOT_BE_ZERO' });
