import { randomUUID } from 'node:crypto';
import { overviewRoutes } from '@dropdesk/contract/overview';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant, newOperator, type TestMerchant, type TestOperator } from '../../../test/factories';
import { READY } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';
import { WithdrawalClock } from './withdrawal-clock';

const HOUR = 3_600_000;

/**
 * The payout clock: each withdrawal carries the promise made when it was asked, the queue puts the
 * soonest due first, a late one is told to its merchant once, a paid one says whether it was paid
 * within its promise, and the overview counts the promise kept over 7 and 30 days.
 */
describe(`the payout clock (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let admin: TestOperator;
  let clock: WithdrawalClock;
  const idem = () => ({ headers: { 'idempotency-key': randomUUID() } });
  const settings = (processing_hours: number) =>
    admin.call(adminWalletRoutes.setSettings, {
      withdraw_fee_bps: 100,
      withdraw_fee_fixed: '1.00',
      withdraw_min: '10.00',
      processing_hours,
    });
  const withdraw = async (m: TestMerchant, amount = '100') => {
    const res = await m.client.call(
      walletRoutes.extract,
      { method: 'bank', amount, pay_password: '123456' },
      idem(),
    );
    expect(res.code, res.raw).toBe(1);
    return res.data;
  };
  const notices = (m: TestMerchant) =>
    t.database.db
      .selectFrom('notices')
      .select(['type', 'params'])
      .where('merchant_id', '=', m.id)
      .where('type', '=', 'withdrawal_late')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
    clock = new WithdrawalClock({ db: t.database.db, clock: t.clock });
  });
  afterEach(async () => {
    await settings(24);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
  afterAll(() => t.close());

  it('a withdrawal carries the promise of the moment it was asked; a later setting does not move it', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000.00' });
    const w = await withdraw(m);
    expect(w).toMatchObject({ promise_hours: 24, paid_within: null });
    expect(Date.parse(w.due_at) - Date.parse(w.created_at)).toBe(24 * HOUR);
    expect((await settings(48)).code).toBe(1);
    const later = await withdraw(m);
    expect(later.promise_hours).toBe(48);
    const log = await m.client.call(walletRoutes.extractLog, { page: '1', limit: '10' });
    expect(log.data.list.map((x) => x.promise_hours)).toEqual([48, 24]);
  });

  it('the queue puts the soonest due first, so the ones past their promise lead', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000.00' });
    const slow = await withdraw(m);
    await settings(1);
    const fast = await withdraw(m);
    const queue = await admin.call(adminWalletRoutes.withdrawals, {
      status: 'pending',
      merchant_id: String(m.id),
      page: '1',
      limit: '10',
    });
    expect(queue.data.list.map((x) => x.id)).toEqual([fast.id, slow.id]);
  });

  it('a late withdrawal is told to its merchant once; one decided in time never is', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000.00' });
    const late = await withdraw(m);
    const paid = await withdraw(m);
    t.clock.advance(23 * HOUR);
    // An operator's session ends after 30 idle minutes: signed in again, as a person would.
    await admin.signIn();
    await clock.runOnce();
    expect(await notices(m)).toEqual([]);
    const approved = await admin.call(adminWalletRoutes.approveWithdrawal, { id: paid.id }, idem());
    expect(approved.data).toMatchObject({ status: 'approved', paid_within: true });
    t.clock.advance(HOUR + 1);
    await admin.signIn();
    const first = await clock.runOnce();
    expect(first.late_noticed).toBeGreaterThanOrEqual(1);
    expect(await notices(m)).toEqual([
      {
        type: 'withdrawal_late',
        params: JSON.stringify({ order_no: late.order_no, amount: '100.00', hours: 24 }),
      },
    ]);
    await clock.runOnce();
    expect(await notices(m)).toHaveLength(1);
    const lateApproved = await admin.call(adminWalletRoutes.approveWithdrawal, { id: late.id }, idem());
    expect(lateApproved.data).toMatchObject({ status: 'approved', paid_within: false });
  });

  it('the overview counts the promise kept over 7 and 30 days, and the ones late now', async () => {
    const read = await admin.call(overviewRoutes.overview, {});
    expect(read.code, read.raw).toBe(1);
    const before = read.data.payout_promise;
    expect(before.hours).toBe(24);
    const m = await newMerchant(t, { ...READY, balance: '1000.00' });
    const [a, b, c] = [await withdraw(m), await withdraw(m), await withdraw(m)];
    expect((await admin.call(adminWalletRoutes.approveWithdrawal, { id: a.id }, idem())).code).toBe(1);
    t.clock.advance(25 * HOUR);
    // An operator's session ends after 30 idle minutes: signed in again, as a person would.
    await admin.signIn();
    expect((await admin.call(adminWalletRoutes.approveWithdrawal, { id: b.id }, idem())).code).toBe(1);
    const now = (await admin.call(overviewRoutes.overview, {})).data.payout_promise;
    expect(now.days7.paid - before.days7.paid).toBe(2);
    expect(now.days7.within - before.days7.within).toBe(1);
    expect(now.days30.paid).toBeGreaterThanOrEqual(now.days7.paid);
    expect(now.late_now).toBeGreaterThanOrEqual(1);
    // c is late until it is decided.
    expect(
      (await admin.call(adminWalletRoutes.rejectWithdrawal, { id: c.id, reason: 'Late test' }, idem())).code,
    ).toBe(1);
    const after = (await admin.call(overviewRoutes.overview, {})).data.payout_promise;
    expect(after.late_now).toBe(now.late_now - 1);
    // Eight days on, the 7-day count has let them go; the 30-day one keeps them.
    t.clock.advance(8 * 24 * HOUR);
    // An operator's session ends after 30 idle minutes: signed in again, as a person would.
    await admin.signIn();
    const week = (await admin.call(overviewRoutes.overview, {})).data.payout_promise;
    expect(week.days30.paid).toBeGreaterThanOrEqual(2);
    expect(week.days7.paid).toBeLessThan(now.days7.paid);
  });
});
