import { ORDER_STATUSES, orderRoutes } from '@dropdesk/contract/orders';
import { overviewRoutes as o } from '@dropdesk/contract/overview';
import { OPERATOR_ROLES } from '@dropdesk/contract/route';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { askRefund, newOrder } from '../../../test/orders';
import { auditSince, lastAuditId, operatorOf } from '../../../test/services';
import { balanceOf, READY } from '../../../test/wallet';
import { withJobLock } from '../../db/job-lock';
import { localDay, startOf } from '../../lib/zoned';
import { LEDGER_CHECK_LOCK } from './ledger-checks';

const DAY = 86_400_000;

/**
 * The console's overview over HTTP (docs/console-api.md "Overview"), on a platform of its
 * own so every figure is this test's: sold orders and sales today and this month in a time zone
 * (docs/design.md §5, the dashboard's definition), orders by status, the queues, money by account, and the
 * ledger checks an admin runs or the periodic job records. Every role reads it; only admins run a check.
 */
describe(`platform overview (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
  });
  afterEach(() => expectBooksBalanced(t));
  afterAll(() => t.close());

  it('an empty platform: nothing sold, every status at 0, no money, no check yet', async () => {
    const res = await admin.call(o.overview, {});
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      time_zone: 'UTC',
      at: new Date(t.clock.now()).toISOString(),
      today: { orders: 0, sales: '0.00' },
      month: { orders: 0, sales: '0.00' },
      orders_by_status: ORDER_STATUSES.map((status) => ({ status, count: 0 })),
      money: {
        escrow: '0.00',
        withdraw_holds: '0.00',
        wallets: '0.00',
        revenue: '0.00',
        supplier_payable: '0.00',
        deposit_clearing: '0.00',
        payout_clearing: '0.00',
      },
      ledger_check: null,
    });
    expect(res.data.queues.every((q) => q.pending === 0 && q.oldest_at === null)).toBe(true);
    expect(res.data.today.from).toBe(new Date(startOf(localDay(t.clock.now(), 'UTC'), 'UTC')).toISOString());
  });

  it('orders and sales today and this month (paid, not refunded in full), in the zone asked; orders by status; money by account', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500.00' });
    const old = await newOrder(t, m.id, { status: 3, quantity: 2 });
    t.clock.advance(40 * DAY);
    // Sessions idle that long have ended: sign in again.
    m.client.token = await t.app.sessions.open({ type: 'merchant', id: m.id });
    admin = await newOperator(t, 'admin');
    const paid = await newOrder(t, m.id, { status: 5 });
    const picked = await newOrder(t, m.id, { status: 1, quantity: 3 });
    await newOrder(t, m.id, { status: 0 });
    // Refunded in full before shipping: paid, but not sold.
    const refunded = await newOrder(t, m.id, { status: 5 });
    const refund = await askRefund(t, refunded);
    const approved = await m.client.call(orderRoutes.refundAudit, { id: refund.id, action: 'approve' });
    expect(approved.code, approved.raw).toBe(1);
    // A withdrawal paid out: its fee is revenue, its actual amount leaves through payout clearing.
    const out = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '100',
      pay_password: '123456',
    });
    const reviewer = await newOperator(t, 'reviewer');
    expect(
      (await reviewer.call(adminWalletRoutes.approveWithdrawal, { id: out.data.id, reference: 'TX' })).code,
    ).toBe(1);
    const held = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '50',
      pay_password: '123456',
    });
    expect(held.code, held.raw).toBe(1);

    const now = t.clock.now();
    for (const tz of ['UTC', 'Asia/Ho_Chi_Minh', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      const res = await admin.call(o.overview, { tz });
      expect(res.code, res.raw).toBe(1);
      const dayStart = startOf(localDay(now, tz), tz);
      const monthStart = startOf({ ...localDay(now, tz), d: 1 }, tz);
      // Sold: the order awaiting pickup and the picked one (3 units), both paid now; the old one 40
      // days ago is in no month of now's; the refunded one is not sold.
      const sold = [paid, picked].filter((x) => x.paid_at! >= dayStart);
      expect(res.data, tz).toMatchObject({
        time_zone: tz,
        today: { from: new Date(dayStart).toISOString(), orders: sold.length },
        month: { from: new Date(monthStart).toISOString(), orders: 2, sales: '46.00' },
      });
      expect(old.paid_at!).toBeLessThan(monthStart);
    }
    const res = (await admin.call(o.overview, {})).data;
    expect(res.today).toMatchObject({ orders: 2, sales: '46.00' });
    const byStatus = Object.fromEntries(res.orders_by_status.map((s) => [s.status, s.count]));
    expect(byStatus).toMatchObject({ 0: 1, 5: 1, 1: 1, 3: 1, [-1]: 1, 2: 0, 4: 0 });
    expect(res.money).toMatchObject({
      // What paid orders still hold: 23.00 (old) + 11.50 + 34.50; the refunded one gave it back.
      escrow: '69.00',
      wallets: await balanceOf(m),
      withdraw_holds: '50.00',
      // The withdrawal's fee: 1% of 100.00 + 1.00.
      revenue: '2.00',
      // Out of the platform: the withdrawal's 98.00 and the 11.50 refunded to the buyer.
      payout_clearing: '109.50',
      // Into it: the 500.00 top-up and the four orders the buyers paid (23.00, 11.50, 34.50, 11.50).
      deposit_clearing: '-580.50',
    });
    expect(res.queues.find((q) => q.queue === 'withdrawals')).toMatchObject({ pending: 1 });
    expect(res.queues.find((q) => q.queue === 'shipping')).toMatchObject({ pending: 1 });
  });

  it('the platform-wide sums are at most OVERVIEW_MAX_AGE_SECONDS old: answered as of figures_at, refreshed behind, fresh=1 now', async () => {
    const cached = await buildTestApp({ overviewMaxAgeMs: 60_000 });
    try {
      const op = await newOperator(cached, 'support');
      const paidNow = async () => {
        const res = await op.call(o.overview, {});
        expect(res.code, res.raw).toBe(1);
        return res.data;
      };
      const awaiting = (data: { orders_by_status: Array<{ status: number; count: number }> }) =>
        data.orders_by_status.find((s) => s.status === 5)?.count;
      const first = await paidNow();
      expect(first.figures_at).toBe(new Date(cached.clock.now()).toISOString());
      const m = await newMerchant(cached, { balance: '100.00' });
      await newOrder(cached, m.id, { status: 5 });
      cached.clock.advance(30_000);
      // Fresh enough: the same sums, as of when they were made; the queues are read live.
      const second = await paidNow();
      expect(second).toMatchObject({ figures_at: first.figures_at, today: first.today });
      expect(awaiting(second)).toBe(0);
      expect(second.at).toBe(new Date(cached.clock.now()).toISOString());
      // Asked fresh: computed now.
      const fresh = (await op.call(o.overview, { fresh: '1' })).data;
      expect(fresh.figures_at).toBe(new Date(cached.clock.now()).toISOString());
      expect(awaiting(fresh)).toBe(1);
      expect(fresh.today.orders).toBe(1);

      // Stale: the last sums at once, and a refresh behind them for the next reader.
      await newOrder(cached, m.id, { status: 5 });
      cached.clock.advance(61_000);
      const stale = await paidNow();
      expect(stale.figures_at).toBe(fresh.figures_at);
      let next = stale;
      for (let i = 0; i < 100 && next.figures_at === stale.figures_at; i++) {
        await new Promise((r) => setTimeout(r, 10));
        next = await paidNow();
      }
      expect(next.figures_at).toBe(new Date(cached.clock.now()).toISOString());
      expect(awaiting(next)).toBe(2);

      // Too old to answer (ten times the age): computed before answering.
      await newOrder(cached, m.id, { status: 5 });
      cached.clock.advance(11 * 60_000);
      const old = await paidNow();
      expect(old.figures_at).toBe(new Date(cached.clock.now()).toISOString());
      expect(awaiting(old)).toBe(3);
      expectRefusal(await op.get(o.overview.path, { fresh: 'yes' }), 'INVALID_INPUT', 'fresh');
      await expectBooksBalanced(cached);
    } finally {
      await cached.close();
    }
  });

  it('the ledger check: an admin runs it and it is recorded and audited; a difference is found and told', async () => {
    const before = await lastAuditId(t);
    const run = await admin.call(o.runLedgerCheck);
    expect(run.code, run.raw).toBe(1);
    const me = await operatorOf(t, admin);
    expect(run.data).toMatchObject({
      ok: true,
      problems: 0,
      summary: [],
      run_by: 'operator',
      operator_id: me.id,
      at: new Date(t.clock.now()).toISOString(),
    });
    expect(run.data.journals).toBeGreaterThan(0);
    expect((await auditSince(t, before)).map((a) => [a.action, a.target_id, a.after])).toEqual([
      ['ledger.check', String(run.data.id), { ok: true, problems: 0 }],
    ]);

    // A cached balance that drifted from its postings: the next check finds it.
    const m = await newMerchant(t, { balance: '10.00' });
    const drift = (by: number) =>
      t.database.db
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '+', by) }))
        .where('key', '=', `wallet:${m.id}`)
        .execute();
    await drift(1);
    try {
      const bad = await admin.call(o.runLedgerCheck);
      expect(bad.data).toMatchObject({ ok: false, run_by: 'operator' });
      expect(bad.data.problems).toBeGreaterThan(0);
      expect(bad.data.summary.join('\n')).toContain(`wallet:${m.id}`);
      const overview = await admin.call(o.overview, {});
      expect(overview.data.ledger_check).toEqual(bad.data);
    } finally {
      await drift(-1);
    }
    const list = await admin.call(o.ledgerChecks, {});
    expect(list.data.list.slice(0, 2).map((c) => c.ok)).toEqual([false, true]);
    expect(list.data.total).toBeGreaterThanOrEqual(2);
  });

  it('the periodic check runs on its own (LEDGER_CHECK_MINUTES) and is recorded as the job’s', async () => {
    const timed = await buildTestApp({ ledgerCheckMs: 25 });
    try {
      for (let i = 0; i < 200; i++) {
        const runs = await timed.database.db.selectFrom('ledger_checks').selectAll().execute();
        if (runs.length >= 2) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      const reader = await newOperator(timed, 'catalogue');
      const res = await reader.call(o.ledgerChecks, {});
      expect(res.data.total).toBeGreaterThanOrEqual(2);
      expect(res.data.list[0]).toMatchObject({ ok: true, run_by: 'job', operator_id: null });
    } finally {
      await timed.close();
    }
  });

  it('one instance at a time: while another holds the job lock, a run is skipped (PostgreSQL); SQLite runs', async () => {
    if (t.engine === 'sqlite') {
      expect(await withJobLock(t.database.db, LEDGER_CHECK_LOCK, async () => 'ran')).toBe('ran');
      return;
    }
    const url = new URL(t.config.databaseUrl!);
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [LEDGER_CHECK_LOCK]);
      expect(await withJobLock(t.database.db, LEDGER_CHECK_LOCK, async () => 'ran')).toBeNull();
      await other.query('select pg_advisory_unlock($1)', [LEDGER_CHECK_LOCK]);
      expect(await withJobLock(t.database.db, LEDGER_CHECK_LOCK, async () => 'ran')).toBe('ran');
      // The lock is let go after the run: another session takes it at once.
      const got = await other.query('select pg_try_advisory_lock($1) as locked', [LEDGER_CHECK_LOCK]);
      expect(got.rows[0].locked).toBe(true);
    } finally {
      await other.end();
    }
    await sql`select 1`.execute(t.database.db);
  });

  it('every role reads the overview, the queues and the checks; only admins run a check; bad zones are refused', async () => {
    for (const role of OPERATOR_ROLES) {
      const op = await newOperator(t, role);
      expect((await op.call(o.overview, { tz: 'Asia/Tokyo' })).code, role).toBe(1);
      expect((await op.call(o.queues)).code, role).toBe(1);
      expect((await op.call(o.ledgerChecks, {})).code, role).toBe(1);
      if (role !== 'admin') expectRefusal(await op.call(o.runLedgerCheck), 'FORBIDDEN', undefined, role);
    }
    for (const tz of ['Mars/Olympus', 'utc+7', '', 'x'.repeat(65), 'Asia/Ho_Chi_Minh\u0000'])
      expectRefusal(await admin.get(o.overview.path, { tz }), 'INVALID_INPUT', 'tz', tz);
    expectRefusal(await admin.get(o.overview.path, { zone: 'UTC' }), 'INVALID_INPUT', 'zone');
    expectRefusal(await admin.get(o.ledgerChecks.path, { page: '0' }), 'INVALID_INPUT', 'page');
    const m = await newMerchant(t);
    expect((await m.client.get(o.overview.path)).status).toBe(401);
    expect((await m.client.post(o.runLedgerCheck.path)).status).toBe(401);
  });
});
