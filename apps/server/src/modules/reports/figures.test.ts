import { dashboardRoutes } from '@dropdesk/contract/dashboard';
import type { JournalType } from '@dropdesk/contract/ledger';
import { formatMoney, parseMoney } from '@dropdesk/contract/money';
import { orderRoutes } from '@dropdesk/contract/orders';
import {
  HOLD_LINE_OF,
  HOLD_LINES,
  journalTypesOfLine,
  REPORT_RANGES,
  type ReportRange,
  reportsRoutes,
  WALLET_LINE_OF,
  WALLET_LINES,
} from '@dropdesk/contract/reports';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { localDate, PAY_PASSWORD, ShopHistory } from '../../../test/dashboard';
import { newMerchant, newOperator, type TestOperator } from '../../../test/factories';
import { expectOrdersMatchLedger } from '../../../test/orders';
import { askTopUp, openBankTopUps } from '../../../test/wallet';
import { checkStats } from '../dashboard/stats.check';
import { checkLedger } from '../ledger/ledger.check';
import { ordersRepository } from '../orders/orders.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'Asia/Ho_Chi_Minh';

/** Minor units of a wire amount, its minus sign included. */
const cents = (wire: string): number =>
  wire.startsWith('-') ? -(parseMoney(wire.slice(1)) ?? Number.NaN) : (parseMoney(wire) ?? Number.NaN);
const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((acc, r) => acc + f(r), 0);

/**
 * The cross-screen test (docs/figures.md): one shop's history made through the API —
 * orders paid, picked up, refunded before and after shipping, cancelled, settled; top-ups pending and
 * approved; withdrawals pending and paid — on days far enough apart that yesterday, this week and
 * this month differ; then, for every period of the finance report, the relations between the four
 * screens' figures: Home, the finance report, the funds records and each order's money trail.
 */
describe(`one figure, one meaning, on every screen (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let shop: ShopHistory;
  let op: TestOperator;
  const o: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    // "Today" is a Wednesday between the 12th and the 25th of its month, 10:00 in Ho Chi Minh City,
    // at least 41 days ahead: then 9 days ago is last week and this month, 40 days ago neither.
    let target = t.clock.now() + 41 * DAY;
    for (;;) {
      const day = localDate(target, ZONE);
      const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(target);
      const d = Number(day.slice(8));
      if (weekday === 'Wed' && d >= 12 && d <= 25) break;
      target += DAY;
    }
    const [y, mo, d] = localDate(target, ZONE).split('-').map(Number) as [number, number, number];
    const today10 = Date.UTC(y, mo - 1, d, 10 - 7); // 10:00 at UTC+7
    t.clock.advance(today10 - 40 * DAY - t.clock.now());

    // T − 40: the shop opens with 500.00 (a top-up approved by the factory) and sells order `old`,
    // which settles three days after receipt.
    shop = await ShopHistory.open(t, { timeZone: ZONE, cost: '16.20', balance: '500.00', ready: true });
    op = await newOperator(t);
    await openBankTopUps(op);
    o.old = await shop.order(0);
    expect(await shop.pick(o.old)).toBe(true);
    expect(await shop.ship(o.old)).toBe(true);
    expect(await shop.confirm(o.old)).toBe(true);
    t.clock.advance(4 * DAY);
    await shop.tick();

    // T − 9 (last week's Monday): a top-up asked and approved; order `lastWeek` received, and
    // settled on T − 6.
    t.clock.advance(today10 - 9 * DAY - t.clock.now());
    await shop.merchantClient(); // a session alive at the new time
    const topup = await askTopUp(shop.merchant, '150.00');
    await op.signIn();
    expect((await op.call(adminWalletRoutes.approveRecharge, { id: topup.id })).code).toBe(1);
    o.lastWeek = await shop.order(1, 2);
    expect(await shop.pick(o.lastWeek)).toBe(true);
    expect(await shop.ship(o.lastWeek)).toBe(true);
    expect(await shop.confirm(o.lastWeek)).toBe(true);
    t.clock.advance(3 * DAY + HOUR);
    await shop.tick();

    // T − 1 (yesterday, Tuesday): `shippedRefund` shipped and refunded in full (the cost paid stays
    // paid: −16.20); `earlyRefund` refunded before shipping (cancelled, cost returned); a withdrawal
    // asked and paid out; another rejected.
    t.clock.advance(today10 - DAY - t.clock.now());
    o.shippedRefund = await shop.order(2);
    expect(await shop.pick(o.shippedRefund)).toBe(true);
    expect(await shop.ship(o.shippedRefund)).toBe(true);
    expect(await shop.askRefund(o.shippedRefund)).toBe(true);
    expect(await shop.audit(o.shippedRefund, true)).toBe(true);
    o.earlyRefund = await shop.order(3);
    expect(await shop.pick(o.earlyRefund)).toBe(true);
    expect(await shop.askRefund(o.earlyRefund)).toBe(true);
    expect(await shop.audit(o.earlyRefund, true)).toBe(true);
    const m = await shop.merchantClient();
    const paidOut = await m.call(walletRoutes.extract, {
      method: 'bank',
      amount: '100',
      pay_password: PAY_PASSWORD,
    });
    expect(paidOut.code, paidOut.raw).toBe(1);
    const rejected = await m.call(walletRoutes.extract, {
      method: 'bank',
      amount: '30',
      pay_password: PAY_PASSWORD,
    });
    expect(rejected.code, rejected.raw).toBe(1);
    await op.signIn();
    expect((await op.call(adminWalletRoutes.approveWithdrawal, { id: paidOut.data.id })).code).toBe(1);
    expect(
      (await op.call(adminWalletRoutes.rejectWithdrawal, { id: rejected.data.id, reason: 'wrong card' }))
        .code,
    ).toBe(1);
    // A refund asked on a shipped order and approved in part.
    o.partRefund = await shop.order(4);
    expect(await shop.pick(o.partRefund)).toBe(true);
    expect(await shop.ship(o.partRefund)).toBe(true);
    expect(await shop.askRefund(o.partRefund, '5.00')).toBe(true);
    expect(await shop.audit(o.partRefund, true)).toBe(true);

    // T (today): `awaiting` paid, not picked up (its cost an estimate); `picked` picked up (in
    // escrow); `cancelled` paid and cancelled by its buyer; `unpaid` never paid; a top-up and a
    // withdrawal pending.
    t.clock.advance(today10 - t.clock.now());
    o.awaiting = await shop.order(5);
    o.picked = await shop.order(6, 3);
    expect(await shop.pick(o.picked)).toBe(true);
    o.cancelled = await shop.order(7);
    expect(await shop.cancel(o.cancelled)).toBe(true);
    o.unpaid = await shop.order(8, 1, false);
    await shop.merchantClient();
    await askTopUp(shop.merchant, '120.00');
    const pending = await (await shop.merchantClient()).call(walletRoutes.extract, {
      method: 'bank',
      amount: '50',
      pay_password: PAY_PASSWORD,
    });
    expect(pending.code, pending.raw).toBe(1);
    t.clock.advance(HOUR);
  });

  afterAll(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    expect((await checkStats(t.database.db)).problems).toEqual([]);
    await expectOrdersMatchLedger(t);
    await t.close();
  });

  const client = () => shop.merchantClient();
  const report = async (range: ReportRange) => {
    const res = await (await client()).call(reportsRoutes.financialReport, { range });
    expect(res.code, res.raw).toBe(1);
    return res.data;
  };
  /** Every page of a list, with the first page's sums. */
  async function all<T extends { list: unknown[]; total: number }>(
    get: (page: number) => Promise<T>,
  ): Promise<{ first: T; rows: T['list'] }> {
    const first = await get(1);
    const rows = [...first.list];
    for (let page = 2; rows.length < first.total; page++) rows.push(...(await get(page)).list);
    return { first, rows };
  }
  const orders = async (query: Record<string, string>) => {
    const m = await client();
    return all(async (page) => {
      const res = await m.call(orderRoutes.list, { ...query, page: String(page), limit: '100' } as never);
      expect(res.code, res.raw).toBe(1);
      return res.data;
    });
  };
  const bill = async (query: Record<string, string>) => {
    const m = await client();
    return all(async (page) => {
      const res = await m.call(reportsRoutes.bill, { ...query, page: String(page), limit: '100' } as never);
      expect(res.code, res.raw).toBe(1);
      return res.data;
    });
  };

  it('Home: a shipped order refunded in full counts its cost as a loss; today is the finance report’s today', async () => {
    const home = (await (await client()).call(dashboardRoutes.index)).data;
    // Sold (18.63 a unit, cost 16.20): old 18.63, lastWeek 37.26, partRefund 18.63 − 5.00, awaiting
    // 18.63, picked 55.89; paid and refunded in full: shippedRefund, earlyRefund, cancelled.
    expect(home).toMatchObject({ total_orders: 5, total_sales: '144.04', total_refunded: '60.89' });
    const profit = cents(home.total_profit);
    // old 2.43 + lastWeek 4.86 + shippedRefund −16.20 + earlyRefund 0 + partRefund −2.57 + awaiting 2.43
    // (estimated) + picked 7.29 + cancelled 0.
    expect(profit).toBe(243 + 486 - 1620 + 0 - 257 + 243 + 729 + 0);
    const today = await report('today');
    expect({
      orders: home.today_orders,
      sales: home.today_sales,
      refunded: home.today_refunded,
      cost: home.today_cost,
      profit: home.today_profit,
    }).toEqual({
      orders: today.orders.orders,
      sales: today.orders.sales,
      refunded: today.orders.refunded,
      cost: today.orders.cost,
      profit: today.orders.profit,
    });
    const life = await report('all');
    expect({
      orders: home.total_orders,
      sales: home.total_sales,
      refunded: home.total_refunded,
      cost: home.total_cost,
      profit: home.total_profit,
    }).toEqual({
      orders: life.orders.orders,
      sales: life.orders.sales,
      refunded: life.orders.refunded,
      cost: life.orders.cost,
      profit: life.orders.profit,
    });
    expect(home.now).toEqual(life.now);
  });

  it.each(REPORT_RANGES)('%s: each Orders figure is the sum of the orders it opens', async (range) => {
    const r = await report(range);
    const sold = await orders({ sold: '1', paid_range: range });
    const paid = await orders({ paid_range: range });
    const refunded = await orders({ refunded: '1', paid_range: range });
    // The lists' own sums…
    expect(sold.first.sums).toMatchObject({
      orders: r.orders.orders,
      sold: r.orders.orders,
      sales: r.orders.sales,
    });
    expect(sold.first.total).toBe(r.orders.orders);
    expect(paid.first.sums).toMatchObject({
      sales: r.orders.sales,
      refunded: r.orders.refunded,
      cost: r.orders.cost,
      cost_estimated: r.orders.cost_estimated,
      profit: r.orders.profit,
    });
    expect(refunded.first.sums?.refunded).toBe(r.orders.refunded);
    // …and the rows themselves, added here.
    expect(sum(sold.rows, (x) => cents(x.total) - cents(x.refunded))).toBe(cents(r.orders.sales));
    expect(sum(paid.rows, (x) => cents(x.earnings))).toBe(cents(r.orders.profit));
    expect(sum(refunded.rows, (x) => cents(x.refunded))).toBe(cents(r.orders.refunded));
    // Profit = sales − cost.
    expect(cents(r.orders.profit)).toBe(cents(r.orders.sales) - cents(r.orders.cost));
  });

  it.each(REPORT_RANGES)(
    '%s: opening + each Wallet and Hold line = closing, the funds records’ balances at the edges',
    async (range) => {
      const r = await report(range);
      const period = (await (await client()).call(reportsRoutes.bill, { range, limit: '1' })).data;
      const from = period.from === null ? null : Date.parse(period.from);
      const to = period.to === null ? Number.POSITIVE_INFINITY : Date.parse(period.to);
      for (const [account, section, lines, lineOf] of [
        ['wallet', r.wallet, WALLET_LINES, WALLET_LINE_OF],
        ['withdraw_hold', r.hold, HOLD_LINES, HOLD_LINE_OF],
      ] as const) {
        const s = section as unknown as Record<string, string>;
        const everything = (await bill({ account })).rows;
        // The balance after the last posting before an instant (newest first): the balance then.
        const balanceAt = (at: number | null) =>
          at === null
            ? 0
            : cents(everything.find((p) => Date.parse(p.created_at) < at)?.balance_after ?? '0.00');
        expect(cents(s.opening!), `${account} opening`).toBe(balanceAt(from));
        expect(cents(s.closing!), `${account} closing`).toBe(balanceAt(to));
        let total = 0;
        for (const line of lines) {
          const types = journalTypesOfLine(lineOf as Record<JournalType, string | null>, line);
          let listed = 0;
          for (const journal_type of types) {
            const kept = await bill({ account, range, journal_type });
            expect(kept.first.sums.count).toBe(kept.rows.length);
            expect(sum(kept.rows, (p) => cents(p.amount))).toBe(cents(kept.first.sums.amount));
            listed += cents(kept.first.sums.amount);
          }
          expect(cents(s[line]!), `${account} ${line}`).toBe(listed);
          total += listed;
        }
        expect(cents(s.opening!) + total, `${account}: opening + lines = closing`).toBe(cents(s.closing!));
        // Every posting of the period is in some line.
        const inPeriod = (await bill({ account, range })).first.sums;
        expect(cents(inPeriod.amount)).toBe(total);
      }
      // The fees the platform kept of the payouts: the payouts' fees in the hold's records.
      const payouts = await bill({ account: 'withdraw_hold', range, journal_type: 'withdrawal_payout' });
      expect(payouts.first.sums.fees).toBe(r.hold.fees);
      expect(sum(payouts.rows, (p) => cents(p.fee ?? '0.00'))).toBe(cents(r.hold.fees));
    },
  );

  it('the periods differ: yesterday, this week and this month each hold their own days', async () => {
    const yesterday = await report('yesterday');
    const today = await report('today');
    const week = await report('week');
    const month = await report('month');
    const life = await report('all');
    // Orders paid: yesterday shippedRefund, earlyRefund, partRefund; today awaiting, picked, cancelled.
    expect(yesterday.orders.refunded).toBe('42.26'); // 18.63 + 18.63 + 5.00
    expect(today.orders).toMatchObject({ orders: 2, sales: '74.52', cost_estimated: '16.20' });
    expect(cents(week.orders.sales)).toBe(cents(yesterday.orders.sales) + cents(today.orders.sales));
    // This month also holds last week's order; all time also the first one's.
    expect(cents(month.orders.sales)).toBe(cents(week.orders.sales) + 3726);
    expect(cents(life.orders.sales)).toBe(cents(month.orders.sales) + 1863);
    expect(yesterday.hold).toMatchObject({ held: '130.00', paid_out: '-100.00', released: '-30.00' });
    expect(today.hold).toMatchObject({ opening: '0.00', held: '50.00', closing: '50.00' });
    expect(week.wallet.settled).toBe('0.00');
    expect(month.wallet.settled).toBe('37.26');
    expect(life.wallet.settled).toBe('55.89');
    expect(month.wallet.topups).toBe('150.00');
    expect(life.wallet.topups).toBe('650.00');
  });

  it('now: in escrow, on hold, cost to pay at pickup and pending top-ups are the sums of their lists; all time reconciles both bases', async () => {
    const life = await report('all');
    const m = await client();
    const escrow = await orders({ in_escrow: '1' });
    expect(escrow.first.sums?.in_escrow).toBe(life.now.in_escrow);
    const awaiting = await orders({ status: '5', paid: '1' });
    expect(awaiting.first.sums).toMatchObject({
      cost: life.now.awaiting_pickup_cost,
      cost_estimated: life.now.awaiting_pickup_cost,
    });
    expect(life.now.awaiting_pickup_cost).toBe(life.orders.cost_estimated);
    expect(life.now.on_hold).toBe(life.hold.closing);
    const topups = (await m.call(walletRoutes.rechargeLog, { status: 'pending' })).data;
    expect(topups.sums).toEqual({ count: life.now.pending_topups_count, amount: life.now.pending_topups });
    expect(formatMoney(sum(topups.list, (x) => cents(x.amount)))).toBe(life.now.pending_topups);
    // Another merchant's pending top-ups are not these.
    const stranger = await newMerchant(t);
    expect((await stranger.client.call(walletRoutes.rechargeLog, { status: 'pending' })).data.sums).toEqual({
      count: 0,
      amount: '0.00',
    });
    expect(life.now).toMatchObject({ on_hold: '50.00', pending_topups: '120.00', pending_topups_count: 1 });

    // Sales (all) = settled + in escrow; profit (all) = settled − cost paid + cost returned + in
    // escrow − cost awaiting pickup.
    const w = life.wallet;
    expect(cents(life.orders.sales)).toBe(cents(w.settled) + cents(life.now.in_escrow));
    expect(cents(life.orders.profit)).toBe(
      cents(w.settled) +
        cents(w.cost_paid) +
        cents(w.cost_returned) +
        cents(life.now.in_escrow) -
        cents(life.now.awaiting_pickup_cost),
    );
    expect(life.reconciliation).toEqual({
      sales_from_wallet: life.orders.sales,
      profit_from_wallet: life.orders.profit,
    });
    expect((await report('week')).reconciliation).toBeNull();
  });

  it('the lists of sold and of paid orders answer their sums from the rollups, and they are the sums of their orders', async () => {
    const m = await client();
    const now = t.clock.now();
    const days = [0, 1, 9, 40, 3].map((k) => localDate(now - k * DAY, ZONE));
    const queries: Record<string, string>[] = [
      { sold: '1' },
      { paid: '1' },
      { sold: '1', paid: '1' },
      ...REPORT_RANGES.flatMap((range): Record<string, string>[] => [
        { paid_range: range },
        { sold: '1', paid_range: range },
      ]),
      ...days.flatMap((day): Record<string, string>[] => [{ paid_day: day }, { sold: '1', paid_day: day }]),
      { sold: '1', paid_day: days[1] as string, paid_range: 'week' },
    ];
    let unsoldSeen = 0;
    for (const query of queries) {
      const list = await orders(query);
      const trails = await Promise.all(
        list.rows.map(async (x) => (await m.call(orderRoutes.detail, { id: String(x.id) })).data.money),
      );
      unsoldSeen += trails.filter((x) => x.paid === x.refunded).length;
      // The sums of the orders themselves, each from its money trail (order-money.ts), apart from
      // the rollups and from the SQL aggregate.
      expect(list.first.sums, JSON.stringify(query)).toEqual({
        orders: list.rows.length,
        sold: trails.filter((x) => cents(x.paid) > cents(x.refunded)).length,
        sales: formatMoney(sum(trails, (x) => cents(x.sales))),
        refunded: formatMoney(sum(trails, (x) => cents(x.refunded))),
        cost: formatMoney(sum(trails, (x) => cents(x.cost))),
        cost_estimated: formatMoney(sum(trails, (x) => (x.cost_estimated ? cents(x.cost) : 0))),
        profit: formatMoney(sum(trails, (x) => cents(x.profit))),
        in_escrow: formatMoney(sum(trails, (x) => cents(x.in_escrow))),
      });
    }
    // The history has orders refunded in full (shipped, before shipping, cancelled by the buyer):
    // the part of the paid figures the sold list leaves out was tested.
    expect(unsoldSeen).toBeGreaterThanOrEqual(3);

    // All time, the rollups and the aggregate over the orders agree column by column.
    const aggregate = async (filter: { sold?: boolean; paid?: { from: null; to: number } }) => {
      const { sums } = await ordersRepository.page(
        t.database.db,
        { merchantId: shop.merchant.id, ...filter },
        { page: 1, limit: 1 },
        true,
      );
      return sums!;
    };
    const wire = (s: Awaited<ReturnType<typeof aggregate>>) => ({
      orders: s.orders,
      sold: s.sold,
      sales: formatMoney(s.sales),
      refunded: formatMoney(s.refunded),
      cost: formatMoney(s.cost),
      cost_estimated: formatMoney(s.costEstimated),
      profit: formatMoney(s.profit),
      in_escrow: formatMoney(s.inEscrow),
    });
    const always = { from: null, to: Number.MAX_SAFE_INTEGER };
    expect((await orders({ sold: '1' })).first.sums).toEqual(wire(await aggregate({ sold: true })));
    expect((await orders({ paid: '1' })).first.sums).toEqual(wire(await aggregate({ paid: always })));
    // A keyword makes the list a search: its sums are the aggregate's, and they agree too.
    const searched = await orders({ paid: '1', keyword: ' ' });
    expect(searched.first.sums).toEqual(wire(await aggregate({ paid: always })));
  });

  it('each order’s money trail: paid − refunded = sales, sales − cost = profit, and they add up to the lists’ sums', async () => {
    const m = await client();
    const paid = await orders({ paid: '1' });
    const trails = await Promise.all(
      paid.rows.map(async (x) => (await m.call(orderRoutes.detail, { id: String(x.id) })).data.money),
    );
    for (const trail of trails) {
      expect(cents(trail.paid) - cents(trail.refunded)).toBe(cents(trail.sales));
      expect(cents(trail.sales) - cents(trail.cost)).toBe(cents(trail.profit));
    }
    const s = paid.first.sums!;
    expect(formatMoney(sum(trails, (x) => cents(x.sales)))).toBe(s.sales);
    expect(formatMoney(sum(trails, (x) => cents(x.cost)))).toBe(s.cost);
    expect(formatMoney(sum(trails, (x) => cents(x.profit)))).toBe(s.profit);
    expect(formatMoney(sum(trails, (x) => cents(x.refunded)))).toBe(s.refunded);
    expect(formatMoney(sum(trails, (x) => cents(x.in_escrow)))).toBe(s.in_escrow);

    // Who bore what, in words the screen can say.
    const shipped = (await m.call(orderRoutes.detail, { id: String(o.shippedRefund) })).data;
    expect(shipped.money).toMatchObject({
      paid: '18.63',
      refunded: '18.63',
      in_escrow: '0.00',
      cost_paid: '16.20',
      cost_returned: '0.00',
      sales: '0.00',
      cost: '16.20',
      cost_estimated: false,
      cost_kept: 'shipped',
      profit: '-16.20',
      // Nothing more can move: the buyer has it all back, the cost is paid.
      profit_final: true,
    });
    expect(shipped.earnings).toBe('-16.20');
    const early = (await m.call(orderRoutes.detail, { id: String(o.earlyRefund) })).data;
    expect(early.money).toMatchObject({
      refunded: '18.63',
      cost_paid: '16.20',
      cost_returned: '16.20',
      cost: '0.00',
      cost_kept: null,
      profit: '0.00',
      profit_final: true,
    });
    const awaiting = (await m.call(orderRoutes.detail, { id: String(o.awaiting) })).data;
    expect(awaiting.money).toMatchObject({
      cost: '16.20',
      cost_estimated: true,
      profit: '2.43',
      profit_final: false,
    });
    const settled = (await m.call(orderRoutes.detail, { id: String(o.old) })).data;
    expect(settled.money).toMatchObject({
      settled: '18.63',
      in_escrow: '0.00',
      profit: '2.43',
      profit_final: true,
    });
  });
});
