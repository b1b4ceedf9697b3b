import type { Lang } from '@dropdesk/contract/constants';
import type { ErrorKey } from '@dropdesk/contract/errors';
import { formatMoney } from '@dropdesk/contract/money';
import { FIGURE_FILTERS, ORDER_TABS, type OrderStatus, type Settlement } from '@dropdesk/contract/orders';
import { ALL_RANGE_SERIES_DAYS, type ReportRange } from '@dropdesk/contract/reports';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import type { OrderRow } from '../../db/schema';
import { moneyTransaction } from '../../db/transaction';
import { t } from '../../i18n/t';
import type { MoneyDeps } from '../../lib/money-deps';
import { notFound, Refusal } from '../../lib/refusal';
import { addDays, periodOf, startOf, validZone } from '../../lib/zoned';
import type { Idempotency } from '../../plugins/idempotency';
import { figureLists, type ListSums, SLOT_MS } from '../dashboard';
import { balanceAfter, walletBalance } from '../ledger';
import { reportFigures as reportsRepository } from '../reports';
import { orderDetailOf, orderItemOf } from './order.views';
import { pickupJournal } from './order-money';
import { type OrderSumsRow, ordersRepository as repo } from './orders.repository';
import { moveOrder } from './transitions';

export interface OrderListQuery extends Paging {
  status?: OrderStatus | undefined;
  settlement?: Settlement | undefined;
  keyword?: string | undefined;
  /** '1': only the orders the dashboard counts as sold. */
  sold?: '1' | undefined;
  /** YYYY-MM-DD: only the orders paid that day in the merchant's time zone. */
  paid_day?: string | undefined;
  /** '1': only paid orders. */
  paid?: '1' | undefined;
  /** Only the orders paid in a period of the finance report. */
  paid_range?: ReportRange | undefined;
  /** '1': only orders with something refunded. */
  refunded?: '1' | undefined;
  /** '1': only orders whose money escrow still holds. */
  in_escrow?: '1' | undefined;
}

/** The figures' filters: a list with one of them is the list behind a figure, and carries its sums. */
const isFigureList = (q: OrderListQuery) => FIGURE_FILTERS.some((f) => q[f] !== undefined);

/**
 * The slots [from, to) of a list whose sums the rollups answer (migration 018): the sold orders or
 * the paid ones, of all time or paid in a period of whole slots (a day or a period of the
 * merchant's calendar always is: every zone's offset is a whole number of slots), and no other
 * filter. Undefined when the orders must be read (a status, a keyword, refunded, in escrow).
 */
function rollupWindow(
  query: OrderListQuery,
  paid: { from: number | null; to: number } | undefined,
): { from: number | null; to: number | null } | undefined {
  const onlyFigures =
    query.status === undefined &&
    query.settlement === undefined &&
    !query.keyword &&
    query.refunded === undefined &&
    query.in_escrow === undefined;
  if (!onlyFigures || (query.sold !== '1' && paid === undefined)) return undefined;
  if (paid === undefined) return { from: null, to: null };
  const slot = (ms: number) => (ms % SLOT_MS === 0 ? ms / SLOT_MS : undefined);
  const from = paid.from === null ? null : slot(paid.from);
  const to = paid.to === Number.MAX_SAFE_INTEGER ? null : slot(paid.to);
  if (from === undefined || to === undefined) return undefined;
  return { from, to };
}

/** The sums of the paid orders of `r`, or of the sold ones among them (less those refunded in full). */
function sumsFromRollups(r: ListSums, soldOnly: boolean): OrderSumsRow {
  const less = (x: number, unsold: number) => (soldOnly ? x - unsold : x);
  return {
    orders: soldOnly ? r.orders : r.paid,
    sold: r.orders,
    sales: r.sales,
    refunded: less(r.refunded, r.unsold_refunded),
    cost: less(r.cost, r.unsold_cost),
    costEstimated: less(r.cost_estimated, r.unsold_cost_estimated),
    profit: less(r.profit, r.unsold_profit),
    inEscrow: less(r.in_escrow, r.unsold_in_escrow),
  };
}

/** One order's result in a batch pickup (contract `pickResult`). */
interface PickResult {
  id: number;
  picked: boolean;
  error: ErrorKey | null;
  msg: string | null;
}

/**
 * Picks up one of the merchant's orders inside the caller's transaction: 5 → 1 with one conditional
 * UPDATE (ORDER_NOT_AWAITING_PICKUP when it is elsewhere, NOT_FOUND when not the shop's), the cost
 * paid recorded, and the `order_pickup` journal (BALANCE_SHORT with the amount missing). Of any
 * number of pickups of one order racing, one finds it in 5; the others write nothing.
 */
async function pickIn(tx: Db, merchantId: number, order: OrderRow, at: number) {
  const picked = await moveOrder(
    tx,
    order.id,
    { merchantId },
    {
      from: [5],
      to: 1,
      // cost_total is fixed when the order is placed, so the row read before is the one moved.
      set: { picked_at: at, cost_paid: order.cost_total },
      was: { picked_at: null, cost_paid: 0 },
      refusal: 'ORDER_NOT_AWAITING_PICKUP',
    },
    at,
  );
  const journal = await pickupJournal(tx, picked, at);
  return { order: picked, balance: balanceAfter(journal, { merchantId, kind: 'wallet' }) };
}

/** The merchant's orders: the list and its tabs' counts, one order's detail, and pickup. */
export class OrdersService {
  constructor(private readonly deps: MoneyDeps) {}

  /**
   * A page of the shop's orders, newest first, by the filters of the query. The figures' filters
   * (`sold`, `paid`, `paid_day`, `paid_range`, `refunded`, `in_escrow`) make it the list behind a
   * figure of Home or the finance report: all sold orders (sales), all paid ones (profit, cost,
   * refunded), those paid on a day or in a period of the merchant's calendar (cut as the dashboard
   * and the report cut them, reports/zoned.ts), those escrow still holds; its reply then carries
   * the sums of every order kept, in the figures' own terms (docs/figures.md).
   */
  async list(merchantId: number, query: OrderListQuery) {
    const { db, clock } = this.deps;
    // Paid in [from, to): a day, a period, both (their overlap), or any time (`paid=1`).
    let paid: { from: number | null; to: number } | undefined;
    const within = (from: number | null, to: number) => {
      paid = {
        from: paid?.from == null ? from : from === null ? paid.from : Math.max(paid.from, from),
        to: paid === undefined ? to : Math.min(paid.to, to),
      };
    };
    if (query.paid_day !== undefined || query.paid_range !== undefined) {
      const zone = validZone((await reportsRepository.timeZone(db, merchantId)) ?? 'UTC');
      if (query.paid_day !== undefined) {
        const [y, m, d] = query.paid_day.split('-').map(Number) as [number, number, number];
        const day = { y, m, d };
        within(startOf(day, zone), startOf(addDays(day, 1), zone));
      }
      if (query.paid_range !== undefined) {
        const period = periodOf(query.paid_range, zone, clock.now(), ALL_RANGE_SERIES_DAYS);
        within(period.from, period.to);
      }
    }
    if (query.paid === '1' && paid === undefined) paid = { from: null, to: Number.MAX_SAFE_INTEGER };
    // A figure's list of sold or paid orders takes its sums from the rollups (a few rows), not
    // from a read of every order it keeps (docs/figures.md "Cost").
    const window = rollupWindow(query, paid);
    const [page, rollup] = await Promise.all([
      repo.page(
        db,
        {
          merchantId,
          status: query.status,
          settlement: query.settlement,
          keyword: query.keyword,
          sold: query.sold === '1',
          paid,
          refunded: query.refunded === '1',
          inEscrow: query.in_escrow === '1',
        },
        query,
        isFigureList(query) && window === undefined,
      ),
      window && figureLists.sums(db, merchantId, window.from, window.to),
    ]);
    const s = rollup ? sumsFromRollups(rollup, query.sold === '1') : page.sums;
    return {
      total: page.total,
      total_capped: page.capped,
      page: query.page,
      limit: query.limit,
      list: page.rows.map((o) => orderItemOf(o, o.refund_status)),
      sums: s && {
        orders: s.orders,
        sold: s.sold,
        sales: formatMoney(s.sales),
        refunded: formatMoney(s.refunded),
        cost: formatMoney(s.cost),
        cost_estimated: formatMoney(s.costEstimated),
        profit: formatMoney(s.profit),
        in_escrow: formatMoney(s.inEscrow),
      },
    };
  }

  /** One of the shop's orders: the receiver masked until pickup, its timeline and money trail. */
  async detail(merchantId: number, id: number) {
    const { db } = this.deps;
    const order = await repo.byId(db, id, { merchantId });
    if (!order) throw notFound();
    const events = await repo.events(db, id);
    return orderDetailOf(order, events, order.refund_status ? { status: order.refund_status } : null);
  }

  /** The tabs' badges: every status of the app's tabs (0 when none), and all together. */
  async counts(merchantId: number) {
    const counts = await repo.countsByStatus(this.deps.db, merchantId, ORDER_TABS);
    return {
      all: counts.all.total,
      capped: counts.all.capped,
      statuses: ORDER_TABS.map((status) => {
        const c = counts.byStatus.get(status) ?? { total: 0, capped: false };
        return { status, count: c.total, capped: c.capped };
      }),
    };
  }

  /**
   * Picks up one order with the payment password: the order is checked first (NOT_FOUND, not in 5),
   * so a wrong order never costs a password attempt; then one money transaction (which completes
   * the Idempotency-Key) moves it and debits the cost. The answer is the order and the balance.
   */
  async pick(merchantId: number, body: { id: number; pay_password: string }, idem: Idempotency | null) {
    const { db, clock, payPasswords } = this.deps;
    const order = await repo.byId(db, body.id, { merchantId });
    if (!order) throw notFound();
    if (order.status !== 5) throw new Refusal('ORDER_NOT_AWAITING_PICKUP');
    await payPasswords.check(merchantId, body.pay_password);
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      const picked = await pickIn(tx, merchantId, order, now);
      return { order: orderItemOf(picked.order, order.refund_status), balance: formatMoney(picked.balance) };
    });
  }

  /**
   * Picks up the orders named, in the order given, with one payment-password check, and reports each.
   *
   * One money transaction holds the whole batch (its answer is the Idempotency-Key's, replayed whole
   * for a retry) and each pickup runs inside a savepoint of it: a pickup refused midway (the wallet
   * debited by something else between the balance we saw and the journal, on PostgreSQL) is rolled
   * back to its savepoint alone, and the pickups before it stay. Checking the balance before each
   * pickup instead would be exact on SQLite (one writer) but not on PostgreSQL, where a concurrent
   * withdrawal may land between the check and the debit and fail the whole batch. Kysely's
   * controlledTransaction has savepoints on both engines, but would leave out moneyTransaction,
   * which completes the key in the effect's transaction; the same SAVEPOINT statements are sent here.
   *
   * When the balance runs out the batch stops: that order and every later one awaiting pickup is
   * reported BALANCE_SHORT, with what the balance lacks to pick it after those before it. Orders not
   * the shop's or missing (NOT_FOUND) and those not awaiting pickup are reported each with its key
   * and message in the caller's language.
   */
  async pickBatch(
    merchantId: number,
    lang: Lang,
    body: { ids: number[]; pay_password: string },
    idem: Idempotency | null,
  ) {
    const { db, clock, payPasswords } = this.deps;
    await payPasswords.check(merchantId, body.pay_password);
    const now = clock.now();
    const refused = (id: number, key: ErrorKey, vars?: Record<string, unknown>): PickResult => ({
      id,
      picked: false,
      error: key,
      msg: t(lang, key, vars),
    });
    return moneyTransaction(db, idem, async (tx) => {
      const orders = new Map((await repo.ofMerchant(tx, merchantId, body.ids)).map((o) => [o.id, o]));
      const results: PickResult[] = [];
      let short: { balance: number; needed: number } | null = null;
      for (const id of body.ids) {
        const order = orders.get(id);
        if (!order) {
          results.push(refused(id, 'NOT_FOUND'));
          continue;
        }
        if (short) {
          // Stopped: what the balance lacks to pick this order after the ones before it.
          if (order.status !== 5) {
            results.push(refused(id, 'ORDER_NOT_AWAITING_PICKUP'));
            continue;
          }
          short.needed += order.cost_total;
          results.push(refused(id, 'BALANCE_SHORT', { missing: formatMoney(short.needed - short.balance) }));
          continue;
        }
        await repo.savepoint(tx, 'pick');
        try {
          await pickIn(tx, merchantId, order, now);
          await repo.release(tx, 'pick');
          results.push({ id, picked: true, error: null, msg: null });
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          await repo.rollbackTo(tx, 'pick');
          await repo.release(tx, 'pick');
          if (error.key === 'BALANCE_SHORT') {
            const balance = await walletBalance(tx, merchantId);
            short = { balance, needed: order.cost_total };
            results.push(
              refused(id, 'BALANCE_SHORT', { missing: formatMoney(Math.max(order.cost_total - balance, 1)) }),
            );
          } else {
            results.push(refused(id, error.key, error.vars));
          }
        }
      }
      const picked = results.filter((r) => r.picked).length;
      return {
        results,
        picked,
        failed: results.length - picked,
        balance: formatMoney(await walletBalance(tx, merchantId)),
      };
    });
  }
}
