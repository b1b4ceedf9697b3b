// Test helpers of the Home dashboard: a storefront history made through the real calls, and the
// dashboard's figures computed straight from the raw rows (an oracle independent of the server's
// rollups and of its calendar code: Intl only).
import { randomBytes } from 'node:crypto';
import { CREDIT_WINDOW_DAYS, LATE_PICKUP_HOURS } from '@dropdesk/contract/dashboard';
import { formatMoney } from '@dropdesk/contract/money';
import { adminOrderRoutes as a, orderRoutes as o } from '@dropdesk/contract/orders';
import { storeRoutes as s } from '@dropdesk/contract/store';
import { createOperator } from '../src/modules/admin/operators';
import { OrderJobs } from '../src/modules/orders/order-jobs';
import type { TestApp } from './app';
import { Client, type Reply } from './client';
import { newMerchant, type TestMerchant } from './factories';
import { checkoutOf, newBuyer, onShelf, payTest, visitAs } from './store';

export const PAY_PASSWORD = '246810';

/** Keys a step of a history may be refused with: the order was not where the step needs it. */
const EXPECTED_REFUSALS = new Set([
  'ORDER_STATUS_CHANGED',
  'ORDER_NOT_AWAITING_PICKUP',
  'ALREADY_RATED',
  'REFUND_EXISTS',
  'REFUND_WHOLE_ORDER',
  'ALREADY_RESOLVED',
  'NOT_FOUND',
  'OUT_OF_STOCK',
]);

/**
 * One shop and its storefront, driven through the HTTP calls buyers, the merchant and operators make
 * (checkout and the test payment page, pickup, shipping, confirmation, ratings, refunds and their
 * appeal, visits, follows) and the order jobs. Every session is opened afresh before its call, so
 * the clock may jump days between steps.
 */
export class ShopHistory {
  readonly orders: number[] = [];
  private buyers: Array<{ id: number; client: Client }> = [];
  private readonly op: Client;
  private readonly jobs: OrderJobs;

  private constructor(
    readonly t: TestApp,
    readonly merchant: TestMerchant,
    readonly listingId: number,
    private readonly operatorId: number,
  ) {
    this.op = new Client(t.app);
    this.jobs = new OrderJobs({ db: t.database.db, clock: t.clock });
  }

  /**
   * A new merchant in `timeZone` with money for pickups (`balance`, default 100,000.00; a verified
   * identity and a bank card with `ready`, to withdraw), a product at `cost` (stock 1,000) on its shelf.
   */
  static async open(
    t: TestApp,
    opts: { timeZone?: string; cost?: string; balance?: string; ready?: boolean } = {},
  ): Promise<ShopHistory> {
    const merchant = await newMerchant(t, {
      timeZone: opts.timeZone ?? 'Asia/Ho_Chi_Minh',
      balance: opts.balance ?? '100000.00',
      payPassword: PAY_PASSWORD,
      ...(opts.ready ? { kyc: 'verified', bank: true } : {}),
    });
    const item = await onShelf(t, { merchant, cost: opts.cost ?? '10.00', stock: 1_000 });
    const operatorId = await createOperator(
      t.database.db,
      { username: `op_${randomBytes(4).toString('hex')}`, password: 'Operator#1', role: 'support' },
      t.config.argon2,
      t.clock.now(),
    );
    return new ShopHistory(t, merchant, item.listingId, operatorId);
  }

  get id(): number {
    return this.merchant.id;
  }

  /** The merchant's client with a live session. */
  async merchantClient(): Promise<Client> {
    this.merchant.client.token = await this.t.app.sessions.open({ type: 'merchant', id: this.merchant.id });
    return this.merchant.client;
  }

  private async operator(): Promise<Client> {
    this.op.token = await this.t.app.sessions.open({ type: 'operator', id: this.operatorId });
    return this.op;
  }

  /** Buyer number `n` (made on first use), signed in afresh. */
  async buyer(n: number): Promise<Client> {
    while (this.buyers.length <= n) {
      const b = await newBuyer(this.t);
      this.buyers.push({ id: b.id, client: b.client });
    }
    const b = this.buyers[n]!;
    b.client.token = await this.t.app.buyerSessions.open(b.id);
    return b.client;
  }

  private async buyerOf(orderId: number): Promise<Client> {
    const row = await this.t.database.db
      .selectFrom('orders')
      .select('buyer_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return this.buyer(this.buyers.findIndex((b) => b.id === row.buyer_id));
  }

  /** A step's answer: a success, or one of the refusals a step out of turn may get (else it throws). */
  private check(res: Reply, what: string): boolean {
    if (res.code === 1) return true;
    if (res.error && EXPECTED_REFUSALS.has(res.error)) return false;
    throw new Error(`${what}: ${res.raw}`);
  }

  /** Buyer `n` orders `quantity` units and, when `pay`, pays: the order's id. */
  async order(n: number, quantity = 1, pay = true): Promise<number> {
    const buyer = await this.buyer(n);
    const res = await buyer.call(s.checkout, checkoutOf(this.listingId, { quantity }) as never);
    if (res.code !== 1) throw new Error(`checkout: ${res.raw}`);
    this.orders.push(res.data.order.id);
    if (pay) await payTest(this.t, res.data.payment.id);
    return res.data.order.id;
  }

  async pick(orderId: number): Promise<boolean> {
    const m = await this.merchantClient();
    return this.check(await m.call(o.pick, { id: orderId, pay_password: PAY_PASSWORD }), 'pick');
  }

  /** The operator ships a picked-up order and records it reached (1 → 2 → 6 → 7), as far as it goes. */
  async ship(orderId: number): Promise<boolean> {
    const op = await this.operator();
    if (
      !this.check(
        await op.call(a.ship, { id: orderId, carrier: 'VNPost', tracking_no: `VN${orderId}` }),
        'ship',
      )
    )
      return false;
    if (!this.check(await op.call(a.progress, { id: orderId, status: 6 }), 'progress 6')) return false;
    return this.check(await op.call(a.progress, { id: orderId, status: 7 }), 'progress 7');
  }

  async confirm(orderId: number): Promise<boolean> {
    const buyer = await this.buyerOf(orderId);
    return this.check(await buyer.call(s.confirm, { id: orderId }), 'confirm');
  }

  async rate(orderId: number, stars: number, comment = ''): Promise<boolean> {
    const buyer = await this.buyerOf(orderId);
    return this.check(await buyer.call(s.rate, { id: orderId, stars, comment }), 'rate');
  }

  async cancel(orderId: number): Promise<boolean> {
    const buyer = await this.buyerOf(orderId);
    return this.check(await buyer.call(s.cancel, { id: orderId }), 'cancel');
  }

  /** The buyer asks `amount` back (default: the whole order). */
  async askRefund(orderId: number, amount?: string): Promise<boolean> {
    const buyer = await this.buyerOf(orderId);
    const row = await this.t.database.db
      .selectFrom('orders')
      .select('total')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return this.check(
      await buyer.call(s.refund, {
        id: orderId,
        amount: amount ?? formatMoney(row.total),
        reason: 'Not as described',
        goods_received: true,
      }),
      'refund',
    );
  }

  private async refundId(orderId: number): Promise<number | undefined> {
    const row = await this.t.database.db
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return row?.id;
  }

  /** The merchant approves or rejects the order's refund. */
  async audit(orderId: number, approve: boolean): Promise<boolean> {
    const id = await this.refundId(orderId);
    if (id === undefined) return false;
    const m = await this.merchantClient();
    return this.check(
      await m.call(
        o.refundAudit,
        approve ? { id, action: 'approve' } : { id, action: 'reject', reason: 'The goods were used' },
      ),
      'refund_audit',
    );
  }

  async appeal(orderId: number): Promise<boolean> {
    const buyer = await this.buyerOf(orderId);
    return this.check(await buyer.call(s.appeal, { id: orderId, statement: 'It arrived broken' }), 'appeal');
  }

  /** An operator decides the appeal: for the buyer (`refund`) or upholding the merchant. */
  async arbitrate(orderId: number, refund: boolean): Promise<boolean> {
    const id = await this.refundId(orderId);
    if (id === undefined) return false;
    const op = await this.operator();
    return this.check(
      await op.call(a.arbitrate, { id, decision: refund ? 'refund' : 'reject', reason: 'Photos checked' }),
      'arbitrate',
    );
  }

  /** The order's status, whether it is rated, and its refund's status (null: none asked). */
  async state(orderId: number) {
    const row = await this.t.database.db
      .selectFrom('orders as o')
      .leftJoin('refunds as r', 'r.order_id', 'o.id')
      .select(['o.status', 'o.rating_stars', 'r.status as refund'])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { status: row.status as number, rated: row.rating_stars !== null, refund: row.refund };
  }

  /**
   * Takes the order one step along its way, whatever it is: picked up (5), shipped and reached (1),
   * received (2, 6, 7), rated `stars` (3, 4, unrated). False when it has nowhere to go.
   */
  async forward(orderId: number, stars: number): Promise<boolean> {
    const { status, rated } = await this.state(orderId);
    if (status === 5) return this.pick(orderId);
    if (status === 1) return this.ship(orderId);
    if (status === 2 || status === 6 || status === 7) return this.confirm(orderId);
    if ((status === 3 || status === 4) && !rated) return this.rate(orderId, stars, `${stars} stars`);
    return false;
  }

  /**
   * The next decision on the order's refund: the merchant's (pending), the buyer's appeal
   * (rejected), the operator's (appealed); `forBuyer` says which way the merchant or operator goes.
   */
  async decide(orderId: number, forBuyer: boolean): Promise<boolean> {
    const { refund } = await this.state(orderId);
    if (refund === 'pending') return this.audit(orderId, forBuyer);
    if (refund === 'rejected') return this.appeal(orderId);
    if (refund === 'appealed') return this.arbitrate(orderId, forBuyer);
    return false;
  }

  /** The order jobs at the clock's time: unpaid orders lapse, reached ones confirm, received ones settle. */
  async tick(): Promise<void> {
    await this.jobs.runOnce();
  }

  /** A storefront page view by visitor `v` of this shop. */
  async visit(v: string): Promise<boolean> {
    return visitAs(this.t, this.id, v);
  }

  async follow(n: number, follow: boolean): Promise<void> {
    const buyer = await this.buyer(n);
    const res = await buyer.call(s.follow, { shop: this.id, follow });
    if (res.code !== 1) throw new Error(`follow: ${res.raw}`);
  }
}

// ------------------------------------------------------------------ the oracle

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day in `zone` at `ms`, YYYY-MM-DD (Intl's en-CA format). */
export function localDate(ms: number, zone: string): string {
  let f = dateFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(zone, f);
  }
  return f.format(new Date(ms));
}

/** The wall-clock hour in `zone` at `ms`, 0–23. */
export function localHour(ms: number, zone: string): number {
  return (
    Number(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(ms),
    ) % 24
  );
}

/** The day `n` days after `day` (YYYY-MM-DD). */
export function shiftDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The Home dashboard of `merchantId` as its definitions say (contract/dashboard.ts), computed from
 * the raw rows alone: the orders, refunds, shop_visits and shop_follows tables, and Intl's calendar.
 */
export async function expectedDashboard(t: TestApp, merchantId: number) {
  const db = t.database.db;
  const zone = (
    await db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow()
  ).time_zone;
  const now = t.clock.now();
  const today = localDate(now, zone);
  const [orders, refunds, visits, follows, withdrawals, recharges] = await Promise.all([
    db.selectFrom('orders').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('refunds').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('shop_visits').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('shop_follows').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('withdrawals').selectAll().where('merchant_id', '=', merchantId).execute(),
    db.selectFrom('recharges').selectAll().where('merchant_id', '=', merchantId).execute(),
  ]);
  type Row = (typeof orders)[number];
  // The orders basis (docs/figures.md), over every paid order.
  const paid = orders.filter((r) => r.paid_at !== null);
  const sold = paid.filter((r) => r.refunded < r.total);
  const sales = (r: Row) => r.total - r.refunded;
  const cost = (r: Row) =>
    r.status === -1 || r.cost_paid > 0 ? r.cost_paid - r.cost_returned : r.cost_total;
  const profit = (r: Row) => (r.status === -1 ? -cost(r) : sales(r) - cost(r));
  const sum = (rows: typeof orders, f: (r: Row) => number) => rows.reduce((acc, r) => acc + f(r), 0);
  const soldOn = (day: string) => sold.filter((r) => localDate(r.paid_at!, zone) === day);
  const paidOn = (day: string) => paid.filter((r) => localDate(r.paid_at!, zone) === day);
  const visitorsOn = (day: string) => visits.filter((v) => v.day === day).length;
  const lastDays = (n: number) => Array.from({ length: n }, (_, i) => shiftDay(today, -(n - 1) + i));
  const windowStart = shiftDay(today, -(CREDIT_WINDOW_DAYS - 1));
  const inWindow = (ms: number) => {
    const day = localDate(ms, zone);
    return day >= windowStart && day <= today;
  };
  const late = orders.filter(
    (r) =>
      r.paid_at !== null &&
      r.picked_at !== null &&
      r.picked_at - r.paid_at > LATE_PICKUP_HOURS * 3_600_000 &&
      inWindow(r.picked_at),
  ).length;
  const lost = refunds.filter(
    (r) => r.status === 'appeal_refunded' && r.resolved_at !== null && inWindow(r.resolved_at),
  ).length;
  const rated = orders.filter((r) => r.rating_stars !== null);
  const stars = rated.reduce((acc, r) => acc + r.rating_stars!, 0);
  const todayRows = soldOn(today);
  const todayPaid = paidOn(today);
  const pendingTopups = recharges.filter((r) => r.status === 'pending');

  const index = {
    time_zone: zone,
    today,
    total_orders: sold.length,
    total_sales: formatMoney(sum(paid, sales)),
    total_refunded: formatMoney(sum(paid, (r) => r.refunded)),
    total_cost: formatMoney(sum(paid, cost)),
    total_profit: formatMoney(sum(paid, profit)),
    today_orders: todayRows.length,
    today_sales: formatMoney(sum(todayPaid, sales)),
    today_refunded: formatMoney(sum(todayPaid, (r) => r.refunded)),
    today_cost: formatMoney(sum(todayPaid, cost)),
    today_profit: formatMoney(sum(todayPaid, profit)),
    now: {
      in_escrow: formatMoney(sum(paid, (r) => r.total - r.refunded - r.settled_amount)),
      on_hold: formatMoney(
        withdrawals.filter((w) => w.status === 'pending').reduce((acc, w) => acc + w.amount, 0),
      ),
      awaiting_pickup_cost: formatMoney(
        sum(
          paid.filter((r) => r.status === 5),
          (r) => r.cost_total,
        ),
      ),
      pending_topups: formatMoney(pendingTopups.reduce((acc, r) => acc + r.amount, 0)),
      pending_topups_count: pendingTopups.length,
    },
    followers: follows.length,
    rating: {
      average: rated.length ? (Math.round((stars * 10) / rated.length) / 10).toFixed(1) : null,
      count: rated.length,
    },
    credit: {
      score: Math.max(0, 100 - 2 * late - 5 * lost),
      base: 100,
      window_days: CREDIT_WINDOW_DAYS,
      late_pickups: late,
      refunds_lost: lost,
      penalties: { late_pickup: 2, refund_lost: 5 },
    },
    visitors: {
      today: visitorsOn(today),
      seven: lastDays(7).reduce((acc, d) => acc + visitorsOn(d), 0),
      thirty: lastDays(30).reduce((acc, d) => acc + visitorsOn(d), 0),
    },
  };

  const byDay = (n: number) =>
    lastDays(n).map((day) => ({
      label: day,
      orders: soldOn(day).length,
      sales: formatMoney(sum(soldOn(day), sales)),
      visitors: visitorsOn(day),
    }));
  const todayVisits = visits.filter((v) => localDate(v.at, zone) === today);
  const hours = Array.from({ length: 24 }, (_, h) => {
    const rows = todayRows.filter((r) => localHour(r.paid_at!, zone) === h);
    return {
      label: `${String(h).padStart(2, '0')}:00`,
      orders: rows.length,
      sales: formatMoney(sum(rows, sales)),
      visitors: todayVisits.filter((v) => localHour(v.at, zone) === h).length,
    };
  });

  const ratings = [...rated]
    .sort((x, y) => y.rated_at! - x.rated_at! || y.id - x.id)
    .map((r) => ({
      order_id: r.id,
      order_no: r.order_no,
      title: r.title,
      stars: r.rating_stars!,
      comment: r.rating_comment ?? '',
      rated_at: new Date(r.rated_at!).toISOString(),
    }));

  return {
    index,
    echart: { today: hours, seven: byDay(7), thirty: byDay(30) },
    visits: (days: number) =>
      Array.from({ length: days }, (_, i) => {
        const date = shiftDay(today, -i);
        return { date, visitors: visitorsOn(date) };
      }),
    ratings,
  };
}
