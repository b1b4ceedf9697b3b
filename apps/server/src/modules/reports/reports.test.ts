import { JOURNAL_TYPES } from '@dropdesk/contract/ledger';
import {
  HOLD_LINE_OF,
  HOLD_LINES,
  reportsRoutes,
  WALLET_LINE_OF,
  WALLET_LINES,
} from '@dropdesk/contract/reports';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { creditWallet, newMerchant, newOperator, type TestOperator } from '../../../test/factories';
import { READY } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';

const HOUR = 3_600_000;

describe(`bill and financial report (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let op: TestOperator;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t);
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  it('bill lists wallet postings with type, amount, balance after and source; filters and pages', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500' });
    const w = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '100',
      pay_password: '123456',
    });
    expect(w.code, w.raw).toBe(1);
    await op.call(adminWalletRoutes.rejectWithdrawal, { id: w.data.id, reason: 'bank closed' });
    const bill = await m.client.call(reportsRoutes.bill);
    expect(bill.code, bill.raw).toBe(1);
    const items = bill.data.list;
    expect(items.map((i) => i.amount)).toEqual(['100.00', '-100.00', '500.00']);
    expect(items.map((i) => i.balance_after)).toEqual(['500.00', '400.00', '500.00']);
    expect(items[1]).toMatchObject({ type: 'withdrawal', source: { type: 'withdrawal', id: w.data.id } });
    expect(items[2]!.type).toBe('recharge');
    const onlyTopups = await m.client.call(reportsRoutes.bill, { type: 'recharge' });
    expect(onlyTopups.data.list).toHaveLength(1);
    const paged = await m.client.call(reportsRoutes.bill, { limit: '1' });
    expect(paged.data.list).toHaveLength(1);
    expectRefusal(await m.client.get('/merchant/merchant/bill', { type: 'bogus' }), 'INVALID_INPUT', 'type');
    const other = await newMerchant(t);
    expect((await other.client.call(reportsRoutes.bill)).data.list).toHaveLength(0);
  });

  it.each([
    ['/merchant/merchant/bill', { type: 'bogus' }, 'type'],
    ['/merchant/merchant/bill', { page: '0' }, 'page'],
    ['/merchant/merchant/bill', { page: '1e1' }, 'page'],
    ['/merchant/merchant/bill', { limit: '101' }, 'limit'],
    ['/merchant/merchant/bill', { limit: '-5' }, 'limit'],
    ['/merchant/merchant/bill', { journal_type: 'payday' }, 'journal_type'],
    ['/merchant/merchant/bill', { range: 'decade' }, 'range'],
    ['/merchant/merchant/bill', { account: 'escrow' }, 'account'],
    ['/merchant/merchant/financial_report', { range: 'decade' }, 'range'],
    ['/merchant/merchant/financial_report', { range: '' }, 'range'],
  ])('%s refuses %j with a field error in the caller language', async (url, query, field) => {
    const m = await newMerchant(t);
    const res = await m.client.get(url, query as Record<string, string>, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expectRefusal(res, 'INVALID_INPUT', field);
    expect(res.msg).not.toBe(res.error);
  });

  it('both need a session, and each merchant sees only its own money', async () => {
    for (const route of [reportsRoutes.bill, reportsRoutes.financialReport]) {
      const anon = await new Client(t.app).call(route);
      expect(anon.status).toBe(401);
      expectRefusal(anon, 'UNAUTHORIZED');
    }
    const rich = await newMerchant(t, { balance: '250' });
    const other = await newMerchant(t);
    expect((await rich.client.call(reportsRoutes.financialReport)).data.wallet.topups).toBe('250.00');
    const theirs = await other.client.call(reportsRoutes.financialReport, { range: 'today' });
    expect(theirs.data.wallet).toMatchObject({ opening: '0.00', topups: '0.00', closing: '0.00' });
    expect(theirs.data.orders).toMatchObject({ orders: 0, sales: '0.00', profit: '0.00' });
    expect((await other.client.call(reportsRoutes.bill)).data).toMatchObject({
      total: 0,
      sums: { count: 0, amount: '0.00', fees: '0.00' },
    });
    // Another merchant's journal types and periods find none of the rich one's postings.
    expect(
      (await other.client.call(reportsRoutes.bill, { journal_type: 'recharge', range: 'today' })).data.sums,
    ).toEqual({ count: 0, amount: '0.00', fees: '0.00' });
  });

  it("ranges follow the merchant's time zone, not the server's", async () => {
    // The app sends the phone's zone at registration (auth.test); the factory stores it the same way.
    const m = await newMerchant(t, { timeZone: 'Asia/Ho_Chi_Minh' });
    expect((await m.client.call(reportsRoutes.financialReport)).data.time_zone).toBe('Asia/Ho_Chi_Minh');
    // Move to 16:30 UTC = 23:30 in Ho Chi Minh City, top up; then past local midnight, top up again.
    const now = t.clock.now();
    const d = new Date(now);
    let target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 16, 30);
    if (target <= now) target += 24 * HOUR;
    t.clock.advance(target - now);
    await creditWallet(t, m.id, '200');
    t.clock.advance(HOUR); // 00:30 local, still the same UTC day
    await creditWallet(t, m.id, '300');
    const today = await m.client.call(reportsRoutes.financialReport, { range: 'today' });
    expect(today.code, today.raw).toBe(1);
    expect(today.data.time_zone).toBe('Asia/Ho_Chi_Minh');
    expect(today.data.wallet).toMatchObject({ opening: '200.00', topups: '300.00', closing: '500.00' });
    const yesterday = await m.client.call(reportsRoutes.financialReport, { range: 'yesterday' });
    expect(yesterday.data.wallet).toMatchObject({ opening: '0.00', topups: '200.00', closing: '200.00' });
    expect(yesterday.data.series).toHaveLength(1);
    // The funds records of the same periods sum to the same lines.
    for (const [range, sum] of [
      ['today', '300.00'],
      ['yesterday', '200.00'],
      ['all', '500.00'],
    ] as const) {
      const bill = await m.client.call(reportsRoutes.bill, { range, journal_type: 'recharge' });
      expect(bill.data.sums.amount, range).toBe(sum);
    }
    const all = await m.client.call(reportsRoutes.financialReport, { range: 'all' });
    expect(all.data.wallet.topups).toBe('500.00');
    const series = all.data.series as Array<{ date: string; topups: string }>;
    expect(series.slice(-2).map((s) => s.topups)).toEqual(['200.00', '300.00']);
    // The second top-up is on the next local day; the week only holds both unless that day is a Monday.
    const localWeekday = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Ho_Chi_Minh',
      weekday: 'short',
    }).format(t.clock.now());
    const week = await m.client.call(reportsRoutes.financialReport, { range: 'week' });
    expect(week.data.wallet.topups).toBe(localWeekday === 'Mon' ? '300.00' : '500.00');
    const localDate = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Ho_Chi_Minh',
      day: 'numeric',
    }).format(t.clock.now());
    const month = await m.client.call(reportsRoutes.financialReport, { range: 'month' });
    expect(month.data.wallet.topups).toBe(localDate === '1' ? '300.00' : '500.00');
    expectRefusal(
      await m.client.get('/merchant/merchant/financial_report', { range: 'decade' }),
      'INVALID_INPUT',
      'range',
    );
  });

  it('a withdrawal: held at once (on hold now), paid out with its fee, each line a funds-records list', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000' });
    const w = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '400',
      pay_password: '123456',
    });
    expect(w.code, w.raw).toBe(1);
    const held = await m.client.call(reportsRoutes.financialReport, { range: 'today' });
    // Held: out of the wallet into the hold, not yet paid out; the money is on hold now.
    expect(held.data.wallet).toMatchObject({ withdrawals_held: '-400.00', closing: '600.00' });
    expect(held.data.hold).toMatchObject({ held: '400.00', paid_out: '0.00', closing: '400.00' });
    expect(held.data.now.on_hold).toBe('400.00');
    // Earlier tests moved the clock past the operator's idle time: it signs in again.
    await op.signIn();
    expect((await op.call(adminWalletRoutes.approveWithdrawal, { id: w.data.id })).code).toBe(1);
    const r = await m.client.call(reportsRoutes.financialReport, { range: 'today' });
    const cents = (s: string) => Math.round(Number(s) * 100);
    // Paid out: what left the hold (gross), of which fees the platform kept.
    expect(r.data.hold).toMatchObject({
      opening: '0.00',
      held: '400.00',
      paid_out: '-400.00',
      closing: '0.00',
    });
    expect(cents(r.data.hold.fees)).toBe(cents(w.data.fee));
    expect(r.data.now.on_hold).toBe('0.00');
    // The hold's funds records: the hold and the payout, with the fee; their sums are the lines.
    const hold = await m.client.call(reportsRoutes.bill, { account: 'withdraw_hold', range: 'today' });
    expect(hold.data.list.map((i) => [i.journal_type, i.amount, i.balance_after])).toEqual([
      ['withdrawal_payout', '-400.00', '0.00'],
      ['withdrawal_hold', '400.00', '400.00'],
    ]);
    expect(hold.data.list[0]!.fee).toBe(w.data.fee);
    expect(hold.data.list[1]!.fee).toBeNull();
    const payouts = await m.client.call(reportsRoutes.bill, {
      account: 'withdraw_hold',
      journal_type: 'withdrawal_payout',
      range: 'today',
    });
    expect(payouts.data.sums).toEqual({ count: 1, amount: '-400.00', fees: w.data.fee });
    const walletHeld = await m.client.call(reportsRoutes.bill, { journal_type: 'withdrawal_hold' });
    expect(walletHeld.data.sums).toEqual({ count: 1, amount: '-400.00', fees: '0.00' });
    expect(walletHeld.data).toMatchObject({ account: 'wallet', range: 'all', from: null, to: null });
    // A type and a journal type that disagree keep nothing.
    const none = await m.client.call(reportsRoutes.bill, {
      type: 'recharge',
      journal_type: 'withdrawal_hold',
    });
    expect(none.data).toMatchObject({ total: 0, list: [], sums: { count: 0 } });
  });

  it('every journal type lands in exactly one line of the wallet or none (and then never posts on a wallet)', () => {
    for (const type of JOURNAL_TYPES) {
      const line = WALLET_LINE_OF[type];
      if (line === null) expect(['order_payment', 'withdrawal_payout']).toContain(type);
      else expect(WALLET_LINES).toContain(line);
      const hold = HOLD_LINE_OF[type];
      if (hold !== null) expect(HOLD_LINES).toContain(hold);
    }
    // Each line has its own journal type: the funds records filter by it.
    expect(new Set(Object.values(WALLET_LINE_OF).filter(Boolean)).size).toBe(WALLET_LINES.length);
  });
});
